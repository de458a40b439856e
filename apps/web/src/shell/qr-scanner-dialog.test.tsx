import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastContainer, toastDefaults } from '../lib/toast.ts';
import { ok, refuse, stubApi } from '../test/api-stub.ts';
import { storeSession, vendorLogin } from '../test/fixtures.ts';
import QrScannerDialog, { cameraConstraints, configureQrScanner } from './qr-scanner-dialog.tsx';

const purchaseId = '5e0c0000-0000-4000-8000-0000000000e1';
const goodCode = JSON.stringify({ purchase_id: purchaseId, deal_id: '5e0c0000-0000-4000-8000-0000000000e2', sig: 'signed', v: 1 });
const fulfil = `PATCH /fulfill-deal/dummy/${purchaseId}/`;

/** A camera whose permission prompt the test answers: resolve() grants it, reject() refuses. */
function installCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  let grant: (() => void) | undefined;
  let refuse: ((error: unknown) => void) | undefined;
  const getUserMedia = vi.fn(
    () =>
      new Promise<MediaStream>((resolve, reject) => {
        grant = () => resolve(stream);
        refuse = reject;
      }),
  );
  Object.defineProperty(window.navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true, writable: true });
  return {
    track,
    getUserMedia,
    grant: async () => grant?.(),
    refuse: async (error: unknown) => refuse?.(error),
  };
}

/** What the camera "sees": the text jsQR would decode from the current frame, and the scanner's clock. */
const seen = { text: null as string | null, now: 1_000_000 };
const decode = vi.fn(() => seen.text);

const toasts = () => [...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent);
const status = () => screen.getByRole('status');

function renderScanner(open = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const ui = (isOpen: boolean) => (
    <QueryClientProvider client={queryClient}>
      <QrScannerDialog open={isOpen} onClose={() => undefined} />
      <ToastContainer {...toastDefaults} />
    </QueryClientProvider>
  );
  const view = render(ui(open));
  return { ...view, user: userEvent.setup(), close: () => view.rerender(ui(false)) };
}

let restoreScanner: () => void = () => undefined;

beforeEach(() => {
  seen.text = null;
  seen.now = 1_000_000;
  decode.mockClear();
  storeSession(vendorLogin);
  // jsdom has no canvas and plays no video: a frame is any non-empty picture, decoded by the stub above.
  restoreScanner = configureQrScanner({ readFrame: () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 }), decode, now: () => seen.now });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  restoreScanner();
  vi.restoreAllMocks();
  Object.defineProperty(window.navigator, 'mediaDevices', { value: undefined, configurable: true, writable: true });
});

describe('QR scanner dialog', () => {
  it('asks for the rear camera at 1280×720 and says where it stands: initializing, then searching', async () => {
    stubApi();
    const camera = installCamera();
    renderScanner();
    expect(status()).toHaveTextContent('Initializing camera... Please grant permission.');
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
    expect(cameraConstraints).toEqual({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
    await camera.grant();
    await waitFor(() => expect(status()).toHaveTextContent('Searching for QR code...'));
    expect(status()).toHaveAttribute('aria-live', 'polite');
  });

  it('ignores a code that is not JSON or has no purchase_id, and keeps searching', async () => {
    const api = stubApi({ [fulfil]: ok({ message: 'Redeemed.' }) });
    const camera = installCamera();
    renderScanner();
    await camera.grant();
    seen.text = 'https://example.com/menu';
    await waitFor(() => expect(decode.mock.calls.length).toBeGreaterThan(2));
    seen.text = JSON.stringify({ deal_id: 'x', sig: 'y' });
    seen.now += 10;
    const calls = decode.mock.calls.length;
    await waitFor(() => expect(decode.mock.calls.length).toBeGreaterThan(calls + 2));
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(status()).toHaveTextContent('Searching for QR code...');
  });

  it('sends a purchase code with action FULFILL, shows detected and verifying, and toasts the server message', async () => {
    let answer: (() => void) | undefined;
    const api = stubApi({
      [fulfil]: () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ message: 'Redeemed: 2 × Two coffees for Maya.' }));
        }),
    });
    const camera = installCamera();
    renderScanner();
    await camera.grant();
    await waitFor(() => expect(status()).toHaveTextContent('Searching for QR code...'));
    seen.text = goodCode;
    await waitFor(() => expect(status()).toHaveTextContent('QR Code Detected!'));
    await waitFor(() => expect(status()).toHaveTextContent('Verifying the QR...'));
    expect(api.to(fulfil)).toHaveLength(1);
    expect(api.to(fulfil)[0]?.body).toEqual({ ...JSON.parse(goodCode), action: 'FULFILL' });
    answer?.();
    await waitFor(() => expect(toasts()).toContain('Redeemed: 2 × Two coffees for Maya.'));
    await waitFor(() => expect(status()).toHaveTextContent('Searching for QR code...'));
  });

  it('falls back to "QR scan successfully!" when the server says nothing', async () => {
    stubApi({ [fulfil]: ok({ message: '' }) });
    const camera = installCamera();
    renderScanner();
    await camera.grant();
    seen.text = goodCode;
    await waitFor(() => expect(toasts()).toContain('QR scan successfully!'));
  });

  it('ignores the same code for 2000 ms after a scan, then reads it again', async () => {
    const api = stubApi({ [fulfil]: refuse(409, 'ALREADY_FULFILLED', 'This purchase was already redeemed on Tue 1 Dec at 10:00.') });
    const camera = installCamera();
    renderScanner();
    await camera.grant();
    seen.text = goodCode;
    await waitFor(() => expect(toasts()).toContain('This purchase was already redeemed on Tue 1 Dec at 10:00.'));
    await waitFor(() => expect(status()).toHaveTextContent('Searching for QR code...'));
    // Still in front of the camera 1.9 s later: ignored, however many frames show it.
    seen.now += 1900;
    const calls = decode.mock.calls.length;
    await waitFor(() => expect(decode.mock.calls.length).toBeGreaterThan(calls + 3));
    expect(api.to(fulfil)).toHaveLength(1);
    // Past the 2 s block it is a new scan.
    seen.now += 200;
    await waitFor(() => expect(api.to(fulfil)).toHaveLength(2));
  });

  it('toasts "Failed to scan QR." when the server answers without an error', async () => {
    stubApi({ [fulfil]: { status: 502 } });
    const camera = installCamera();
    renderScanner();
    await camera.grant();
    seen.text = goodCode;
    await waitFor(() => expect(toasts()).toContain('Failed to scan QR.'));
  });

  it('says the camera was refused, and that the scanner is closed', async () => {
    stubApi();
    const camera = installCamera();
    renderScanner();
    await camera.refuse(new DOMException('Permission denied', 'NotAllowedError'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Camera access denied. Please check permissions.');
    expect(status()).toHaveTextContent('Scanner is closed');
  });

  it('says the camera could not start for any other failure', async () => {
    stubApi();
    const camera = installCamera();
    renderScanner();
    await camera.refuse(new DOMException('Busy', 'NotReadableError'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Could not start camera. Try refreshing.');
  });

  it('stops the camera when the dialog closes', async () => {
    stubApi();
    const camera = installCamera();
    const view = renderScanner();
    await camera.grant();
    await waitFor(() => expect(status()).toHaveTextContent('Searching for QR code...'));
    view.close();
    await waitFor(() => expect(camera.track.stop).toHaveBeenCalled());
  });

  it('redeems a code pasted by hand, and refuses text that is not a purchase code', async () => {
    const api = stubApi({ [fulfil]: ok({ message: 'Redeemed: 1 × Cake for Ann.' }) });
    const camera = installCamera();
    const { user } = renderScanner();
    await camera.refuse(new DOMException('Permission denied', 'NotAllowedError'));
    const field = screen.getByLabelText(/Paste the code's text/);
    await user.type(field, 'hello');
    await user.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByText(/This is not a LocalLoop purchase code/)).toBeInTheDocument();
    expect(api.to(fulfil)).toHaveLength(0);
    await user.clear(field);
    // user.type reads { as a key descriptor: paste the code as it is.
    await user.click(field);
    await user.paste(goodCode);
    await user.click(screen.getByRole('button', { name: 'Redeem code' }));
    await waitFor(() => expect(toasts()).toContain('Redeemed: 1 × Cake for Ann.'));
    expect(api.to(fulfil)[0]?.body).toMatchObject({ purchase_id: purchaseId, action: 'FULFILL' });
  });
});
