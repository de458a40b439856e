import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client.ts';
import { uploadImages } from './upload.ts';

const uploaded = {
  images: [
    {
      id: '5b0c5a0e-8f5d-4a4e-9d61-0f1e2d3c4b5a',
      url: '/media/5b0c5a0e.webp',
      thumbnail_url: '/media/5b0c5a0e-thumb.webp',
      width: 800,
      height: 600,
      content_type: 'image/webp',
      bytes: 12_345,
      variants: [],
    },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let restore: () => void = () => {};
afterEach(() => restore());

describe('uploadImages', () => {
  it('posts the files as multipart under "images", with the bearer token and no JSON content type', async () => {
    localStorage.setItem('access', 'A1');
    const fetchStub = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(201, uploaded));
    restore = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });

    await expect(uploadImages([file])).resolves.toEqual(uploaded);

    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/UploadImagesAPI/');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer A1');
    expect(headers['Content-Type']).toBeUndefined();
    expect(init?.body).toBeInstanceOf(FormData);
    const sent = (init?.body as FormData).getAll('images');
    expect(sent).toHaveLength(1);
    expect((sent[0] as File).name).toBe('me.png');
  });

  it('refreshes an expired token once and sends the same files again', async () => {
    localStorage.setItem('access', 'old');
    localStorage.setItem('refresh', 'r1');
    const fetchStub = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('/token/refresh/')) return json(200, { access: 'new', refresh: 'r2' });
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(201, uploaded) : json(401, { error: 'Your session has expired.', code: 'TOKEN_INVALID' });
    });
    restore = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });

    await expect(uploadImages([new File(['x'], 'a.jpg', { type: 'image/jpeg' })])).resolves.toEqual(uploaded);
    const uploads = fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/UploadImagesAPI/'));
    expect(uploads).toHaveLength(2);
    expect(uploads[1]?.[1]?.body).toBeInstanceOf(FormData);
  });

  it('surfaces the server refusal as an ApiError with its plain words', async () => {
    localStorage.setItem('access', 'A1');
    const fetchStub = vi.fn(async () => json(400, { error: 'That file is not a JPEG, PNG or WebP image.', code: 'UNSUPPORTED_IMAGE' }));
    restore = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });
    await expect(uploadImages([new File(['x'], 'a.gif', { type: 'image/gif' })])).rejects.toMatchObject({
      status: 400,
      message: 'That file is not a JPEG, PNG or WebP image.',
    });
  });
});
