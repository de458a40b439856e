import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankDetails, endpoints, ServiceTime, VendorAddress, VendorDashboard, VendorDocument, VendorProfile, VendorStatus, type AddressInput, type BasicInfoInput } from '@localloop/contract';
import { MAX_DOCUMENT_BYTES_PER_VENDOR } from './documents.ts';
import { favoriteVendors, media, notifications, users, vendorBankAccounts, vendorDocuments, vendorHours, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createAccount, createTestApp, encoded, inject, login, onPostgres, raw, testClock, type TestContext } from '../../../test/helper.ts';
import { createPrivateStorage } from '../../lib/storage.ts';
import { contentDisposition, safeFileName } from './documents.ts';
import { saveServiceTime, type VendorsDeps } from './service.ts';

type Part = { name: string; value: string } | { name: string; fileName: string; bytes: Buffer; type?: string };

/** A real multipart body, serialised by the platform's own FormData, parts in the order given. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'application/octet-stream' }), p.fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

const makePng = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
const makeJpeg = () => sharp({ create: { width: 50, height: 50, channels: 3, background: 'white' } }).jpeg().toBuffer();

async function makePdf(text = 'Passport'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText(text, { x: 20, y: 100 });
  return Buffer.from(await pdf.save());
}

/** A PDF whose trailer names an /Encrypt dictionary: pdf-lib refuses it unless told to ignore encryption. */
async function makeEncryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([100, 100]);
  const text = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
  return Buffer.from(text.replace(/trailer\s*<<\s*/, (m) => `${m}/Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (x) /P -4 >>\n`), 'latin1');
}

/** The SQLSTATE of a failed statement, wherever the driver put it (Drizzle wraps it as the cause). */
function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

const basicInfo = (overrides: Partial<BasicInfoInput> = {}): BasicInfoInput => ({
  business_name: 'Green Grocer',
  category: 'Food & Drink',
  description: 'Fresh fruit and vegetables.',
  logo: null,
  contact_email: 'shop@example.test',
  contact_phone: '+1 555 123 0000',
  ...overrides,
});
const usAccount = { account_holder: 'Green Grocer LLC', bank_name: 'First Bank', routing_number: '011000015', account_number: '123456789012' };
const weekHours = {
  time_zone: 'America/New_York',
  hours: [
    { weekday: 1, opens: '09:00', closes: '12:00' },
    { weekday: 1, opens: '13:00', closes: '18:00' },
    { weekday: 6, opens: '10:00', closes: '24:00' },
  ],
};
const address = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  label: 'Shop',
  line1: '350 5th Ave',
  line2: 'Floor 2',
  city: 'New York',
  state: 'NY',
  postal_code: '10118',
  country: 'United States',
  latitude: 40.7484,
  longitude: -73.9857,
  ...overrides,
});

describe('vendor KYC on local disk', () => {
  const clock = testClock();
  let t: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-vendors-'));
    t = await createTestApp({ clock, config: { dataDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A GET of a URL as it is: one an answer gave (a document's file), or one that must serve nothing. */
  const getUrl = (url: string, access?: string | null) => t.app.inject({ method: 'GET', url, headers: access ? { authorization: `Bearer ${access}` } : {} });

  async function signedIn() {
    const account = await createAccount(t.database);
    const session = await login(t.app, account.email, account.password);
    return { ...account, session, access: session.access };
  }

  async function operator() {
    const account = await signedIn();
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, account.user.id));
    return account;
  }

  /** An account with its vendor record started by the basic-info step. */
  async function startedVendor() {
    const account = await signedIn();
    const res = await inject(t.app, endpoints.saveBasicInfo, { access: account.access, body: basicInfo() });
    expect(res.statusCode).toBe(200);
    return { ...account, vendorId: VendorProfile.parse(res.json()).id };
  }

  async function upload(access: string | null, parts: Part[]) {
    return inject(t.app, endpoints.uploadVendorDocument, { access, body: encoded(await multipart(parts)) });
  }
  const uploadDocument = (access: string, fileName: string, bytes: Buffer, kind = 'identity') =>
    upload(access, [
      { name: 'kind', value: kind },
      { name: 'file', fileName, bytes },
    ]);

  /** Every step done, not yet submitted. */
  async function completeVendor() {
    const v = await startedVendor();
    expect((await uploadDocument(v.access, 'passport.png', await makePng())).statusCode).toBe(201);
    expect((await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: weekHours })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() })).statusCode).toBe(201);
    return v;
  }

  const vendorRow = async (id: string) => {
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, id));
    if (!row) throw new Error('no vendor');
    return row;
  };

  const filesUnder = (dir: string) =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name)) : [];

  describe('the whole KYC', () => {
    it('walks from basic info through every step to pending, and the login, status and dashboard follow', async () => {
      const v = await signedIn();
      expect((await inject(t.app, endpoints.myVendor, { access: v.access })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() })).statusCode).toBe(404);

      const started = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo() });
      expect(started.statusCode).toBe(200);
      const profile = VendorProfile.parse(started.json());
      expect(profile).toMatchObject({
        user_id: v.user.id,
        business_name: 'Green Grocer',
        category: 'Food & Drink',
        contact_email: 'shop@example.test',
        contact_phone: '+15551230000',
        kyc_status: 'not_submitted',
        is_approved: false,
        rating_avg: null,
        rating_count: 0,
        favorites_count: 0,
        steps: { basic_info: true, documents: false, bank_details: false, service_time: false, addresses: false },
        documents: [],
        bank_details: null,
        service_time: { time_zone: 'America/New_York', hours: [] },
        addresses: [],
      });
      const relogged = await login(t.app, v.email, v.password);
      expect(relogged).toMatchObject({ vendor_id: profile.id, is_approved: false, kyc_status: 'not_submitted' });

      const doc = await uploadDocument(v.access, 'passport.png', await makePng());
      expect(doc.statusCode).toBe(201);
      expect(VendorDocument.parse(doc.json())).toMatchObject({ kind: 'identity', content_type: 'image/png', file_name: 'passport.png' });
      expect((await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount })).statusCode).toBe(200);
      expect((await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: weekHours })).statusCode).toBe(200);
      expect((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() })).statusCode).toBe(201);

      const ready = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json());
      expect(ready.steps).toEqual({ basic_info: true, documents: true, bank_details: true, service_time: true, addresses: true });
      expect(ready.service_time.hours).toEqual(weekHours.hours);
      expect(ready.addresses[0]).toMatchObject({ is_primary: true, formatted_address: '350 5th Ave, Floor 2, New York, NY 10118, United States' });

      const submitted = await inject(t.app, endpoints.submitKyc, { access: v.access });
      expect(submitted.statusCode).toBe(200);
      const pending = VendorProfile.parse(submitted.json());
      expect(pending).toMatchObject({ kyc_status: 'pending', is_approved: false, rejection_reason: null, submitted_at: clock().toISOString() });

      expect(VendorStatus.parse((await inject(t.app, endpoints.vendorStatus, { params: { id: profile.id }, access: v.access })).json())).toEqual({
        is_approved: false,
        kyc_status: 'pending',
        is_suspended: false,
      });
      expect(await login(t.app, v.email, v.password)).toMatchObject({ vendor_id: profile.id, is_approved: false, kyc_status: 'pending' });

      const dashboard = VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json());
      expect(dashboard).toMatchObject({
        vendor: { id: profile.id, business_name: 'Green Grocer', kyc_status: 'pending', is_approved: false },
        next_step: null,
        completeness: { percent: 100, missing: [] },
      });
      expect(dashboard.recent_notifications[0]?.title).toBe('Your vendor application was sent');
    });

    it('edits the basic info later without a second vendor record', async () => {
      const v = await startedVendor();
      const res = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo({ business_name: 'Greener Grocer', category: 'Shopping & Retail' }) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: v.vendorId, business_name: 'Greener Grocer', category: 'Shopping & Retail' });
      expect(await t.database.db.select().from(vendors).where(eq(vendors.userId, v.user.id))).toHaveLength(1);
    });

    it('refuses basic info while the account lacks an e-mail or a phone number, with the spec\'s sentence', async () => {
      for (const missing of [{ phoneNumber: null }, { email: null }] as const) {
        const v = await signedIn();
        await t.database.db.update(users).set(missing).where(eq(users.id, v.user.id));
        const res = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo() });
        expect(res.statusCode).toBe(409);
        expect(res.error()).toMatchObject({ code: 'PROFILE_INCOMPLETE', error: 'Please update your user profile first, and then complete KYC.' });
        expect(await t.database.db.select().from(vendors).where(eq(vendors.userId, v.user.id))).toHaveLength(0);
      }
    });

    it('checks the basic info field by field; without a token it is refused', async () => {
      const v = await signedIn();
      const res = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: raw({ ...basicInfo(), business_name: 'x', category: 'Nope', contact_phone: '12' }) });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual(expect.arrayContaining(['business_name', 'category', 'contact_phone']));
      expect((await inject(t.app, endpoints.saveBasicInfo, { body: basicInfo() })).statusCode).toBe(401);
      expect((await inject(t.app, endpoints.myVendor)).statusCode).toBe(401);
    });

    it('takes as logo only an image the account uploaded itself', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const image = (ownerId: string) => ({
        ownerId,
        storageKey: `images/${crypto.randomUUID()}.png`,
        thumbnailKey: `images/${crypto.randomUUID()}.thumb.webp`,
        contentType: 'image/png',
        width: 10,
        height: 10,
        bytes: 100,
      });
      const [mine] = await t.database.db.insert(media).values(image(a.user.id)).returning();
      const [theirs] = await t.database.db.insert(media).values(image(b.user.id)).returning();
      const stolen = await inject(t.app, endpoints.saveBasicInfo, { access: a.access, body: basicInfo({ logo: `/media/${theirs?.storageKey}` }) });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.error().fields?.logo).toBe('This is not an image you uploaded.');
      const ok = await inject(t.app, endpoints.saveBasicInfo, { access: a.access, body: basicInfo({ logo: `/media/${mine?.storageKey}` }) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ logo: `/media/${mine?.storageKey}`, logo_thumbnail: `/media/${mine?.thumbnailKey}` });
      expect((await inject(t.app, endpoints.saveBasicInfo, { access: a.access, body: basicInfo({ logo: null }) })).json().logo).toBeNull();
    });

    it('refuses to submit before every step is done, listing the missing steps by field', async () => {
      const v = await startedVendor();
      const res = await inject(t.app, endpoints.submitKyc, { access: v.access });
      expect(res.statusCode).toBe(400);
      expect(res.error().code).toBe('KYC_INCOMPLETE');
      expect(Object.keys(res.error().fields ?? {}).sort()).toEqual(['addresses', 'bank_details', 'documents', 'service_time']);
      expect(res.error().error).toMatch(/Documents, Bank details, Service time, Address/);

      // A business document alone is not an identity document.
      await uploadDocument(v.access, 'register.pdf', await makePdf(), 'business_registration');
      await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount });
      const still = await inject(t.app, endpoints.submitKyc, { access: v.access });
      expect(Object.keys(still.error().fields ?? {}).sort()).toEqual(['addresses', 'documents', 'service_time']);
      expect((await vendorRow(v.vendorId)).kycStatus).toBe('not_submitted');
    });
  });

  describe('submitting and resubmitting', () => {
    it('goes from rejected back to pending, clearing the operator\'s reason', async () => {
      const v = await completeVendor();
      await t.database.db.update(vendors).set({ kycStatus: 'rejected', rejectionReason: 'The passport photo is blurred.' }).where(eq(vendors.id, v.vendorId));
      const shown = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json());
      expect(shown).toMatchObject({ kyc_status: 'rejected', rejection_reason: 'The passport photo is blurred.' });
      expect(VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json()).vendor.rejection_reason).toBe('The passport photo is blurred.');

      const res = await inject(t.app, endpoints.submitKyc, { access: v.access });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kyc_status: 'pending', rejection_reason: null });
    });

    it('lets an approved vendor send changes for review: pending again while the shop stays live', async () => {
      const v = await completeVendor();
      const approvedAt = new Date(clock().getTime() - 86_400_000);
      await t.database.db.update(vendors).set({ kycStatus: 'approved', isApproved: true, approvedAt }).where(eq(vendors.id, v.vendorId));
      expect((await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo({ description: 'Now with a bakery corner.' }) })).statusCode).toBe(200);
      const res = await inject(t.app, endpoints.submitKyc, { access: v.access });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kyc_status: 'pending', is_approved: true, approved_at: approvedAt.toISOString() });
      expect((await inject(t.app, endpoints.vendorStatus, { params: { id: v.vendorId }, access: v.access })).json()).toEqual({ is_approved: true, kyc_status: 'pending', is_suspended: false });
      expect(await login(t.app, v.email, v.password)).toMatchObject({ is_approved: true, kyc_status: 'pending' });
    });

    it('refuses a second submission while the first waits for review', async () => {
      const v = await completeVendor();
      expect((await inject(t.app, endpoints.submitKyc, { access: v.access })).statusCode).toBe(200);
      const submittedAt = (await vendorRow(v.vendorId)).submittedAt;
      clock.advance(60_000);
      const again = await inject(t.app, endpoints.submitKyc, { access: v.access });
      expect(again.statusCode).toBe(409);
      expect(again.error().code).toBe('KYC_ALREADY_PENDING');
      expect((await vendorRow(v.vendorId)).submittedAt).toEqual(submittedAt);
    });
  });

  describe('documents', () => {
    it('decides the type by the bytes: PNG bytes named .pdf are a PNG, a real PDF is a PDF, random bytes are refused', async () => {
      const v = await startedVendor();
      const png = await uploadDocument(v.access, 'scan.pdf', await makePng());
      expect(png.statusCode).toBe(201);
      expect(png.json()).toMatchObject({ content_type: 'image/png', file_name: 'scan.png' });

      const pdfBytes = await makePdf();
      const pdf = await uploadDocument(v.access, 'licence.PDF', pdfBytes, 'business_registration');
      expect(pdf.statusCode).toBe(201);
      expect(pdf.json()).toMatchObject({ kind: 'business_registration', content_type: 'application/pdf', file_name: 'licence.pdf', bytes: pdfBytes.length });

      const jpeg = await uploadDocument(v.access, 'photo', await makeJpeg(), 'proof_of_address');
      expect(jpeg.json()).toMatchObject({ content_type: 'image/jpeg', file_name: 'photo.jpg' });

      const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
      for (const bytes of [random, Buffer.from('%PDF-1.7\nthis is not really a PDF at all\n%%EOF'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
        const refused = await uploadDocument(v.access, 'contract.pdf', bytes);
        expect(refused.statusCode).toBe(400);
        expect(refused.error()).toMatchObject({ code: 'DOCUMENT_INVALID', fields: { file: expect.any(String) } });
      }
      // A GIF decodes, but is not one of the accepted types.
      const gif = await sharp({ create: { width: 5, height: 5, channels: 3, background: 'red' } }).gif().toBuffer();
      expect((await uploadDocument(v.access, 'id.gif', gif)).statusCode).toBe(400);

      const profile = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json());
      expect(profile.documents.map((d) => d.content_type)).toEqual(['image/png', 'application/pdf', 'image/jpeg']);
      expect(profile.documents[0]?.url).toBe(`/api/vendor/documents/${profile.documents[0]?.id}/`);
    });

    it('refuses with 413 a document that would take the business past its storage for documents, storing nothing', async () => {
      const v = await startedVendor();
      // Documents already kept: five of 10 MB less 2 bytes each (50 MB less 10 bytes), in rows as the upload writes them.
      await t.database.db.insert(vendorDocuments).values(
        Array.from({ length: 5 }, () => ({
          vendorId: v.vendorId,
          kind: 'other' as const,
          fileName: 'big.pdf',
          contentType: 'application/pdf',
          bytes: MAX_DOCUMENT_BYTES_PER_VENDOR / 5 - 2,
          storageKey: `documents/${v.vendorId}/kept-${randomBytes(4).toString('hex')}.pdf`,
        })),
      );
      const res = await uploadDocument(v.access, 'passport.png', await makePng());
      expect(res.statusCode).toBe(413);
      expect(res.error()).toMatchObject({ code: 'DOCUMENT_QUOTA_EXCEEDED', fields: { file: expect.any(String) } });
      const kept = await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, v.vendorId));
      expect(kept).toHaveLength(5);
    });

    it('lets one account upload at most 30 documents an hour (checking them is shared CPU work), however many it deletes', async () => {
      const v = await startedVendor();
      const png = await makePng();
      for (let i = 0; i < 30; i += 1) {
        const res = await uploadDocument(v.access, `scan-${i}.png`, png);
        expect(res.statusCode).toBe(201);
        expect((await inject(t.app, endpoints.deleteVendorDocument, { params: { id: res.json().id }, access: v.access })).statusCode).toBe(200);
      }
      const limited = await uploadDocument(v.access, 'one-more.png', png);
      expect(limited.statusCode).toBe(429);
      expect(limited.error()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/for your account/) });
      const other = await startedVendor();
      expect((await uploadDocument(other.access, 'passport.png', png)).statusCode).toBe(201);
    });

    it('accepts an encrypted PDF', async () => {
      const v = await startedVendor();
      const encrypted = await makeEncryptedPdf();
      await expect(PDFDocument.load(encrypted)).rejects.toThrow(/encrypted/i);
      const res = await uploadDocument(v.access, 'locked.pdf', encrypted);
      expect(res.statusCode).toBe(201);
      expect(res.json().content_type).toBe('application/pdf');
    });

    it('accepts a photo of several megabytes (the JSON body limit does not apply)', async () => {
      const v = await startedVendor();
      const photo = await sharp(randomBytes(1200 * 1000 * 3), { raw: { width: 1200, height: 1000, channels: 3 } }).png().toBuffer();
      expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
      const res = await uploadDocument(v.access, 'id-front.png', photo);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content_type: 'image/png', bytes: photo.length });
      expect((await getUrl(res.json().url, v.access)).rawPayload.equals(photo)).toBe(true);
    });

    it('refuses a file over 10 MB with a 413 in the one error shape', async () => {
      const v = await startedVendor();
      const big = Buffer.concat([await makePng(), Buffer.alloc(10 * 1024 * 1024)]);
      const res = await uploadDocument(v.access, 'huge.png', big);
      expect(res.statusCode).toBe(413);
      expect(res.error()).toMatchObject({ code: 'DOCUMENT_TOO_LARGE', error: 'The document must be 10 MB or smaller.', fields: { file: expect.any(String) } });
      expect(await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, v.vendorId))).toHaveLength(0);
    });

    it('needs a kind, one file in the field "file", and multipart at all', async () => {
      const v = await startedVendor();
      const png = await makePng();
      const noKind = await upload(v.access, [{ name: 'file', fileName: 'a.png', bytes: png }]);
      expect(noKind.statusCode).toBe(400);
      expect(noKind.error().fields?.kind).toBeDefined();
      const badKind = await uploadDocument(v.access, 'a.png', png, 'selfie');
      expect(badKind.error().fields?.kind).toBeDefined();
      const noFile = await upload(v.access, [{ name: 'kind', value: 'identity' }]);
      expect(noFile.error().fields?.file).toBe('Choose a file to upload.');
      const wrongField = await upload(v.access, [
        { name: 'kind', value: 'identity' },
        { name: 'images', fileName: 'a.png', bytes: png },
      ]);
      expect(wrongField.error().fields?.file).toMatch(/field "file"/);
      // The file before the kind is fine too.
      const reversed = await upload(v.access, [
        { name: 'file', fileName: 'a.png', bytes: png },
        { name: 'kind', value: 'identity' },
      ]);
      expect(reversed.statusCode).toBe(201);
      const json = await inject(t.app, endpoints.uploadVendorDocument, { access: v.access, body: raw({ kind: 'identity' }) });
      expect(json.statusCode).toBe(415);
      expect((await upload(null, [{ name: 'kind', value: 'identity' }])).statusCode).toBe(401);
      // An account that has not started KYC has nowhere to put documents.
      const stranger = await signedIn();
      expect((await uploadDocument(stranger.access, 'a.png', png)).statusCode).toBe(404);
    });

    it('are private: the owner and an operator get the bytes; another user and a visitor get 404; nothing under /media/', async () => {
      const v = await startedVendor();
      const pdfBytes = await makePdf('Private');
      const doc = VendorDocument.parse((await uploadDocument(v.access, 'Pässport scan.pdf', pdfBytes)).json());

      const own = await getUrl(doc.url, v.access);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(pdfBytes)).toBe(true);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect(own.headers['content-disposition']).toBe(`inline; filename="P_ssport scan.pdf"; filename*=UTF-8''P%C3%A4ssport%20scan.pdf`);

      const op = await operator();
      const operatorView = await getUrl(doc.url, op.access);
      expect(operatorView.statusCode).toBe(200);
      expect(operatorView.rawPayload.equals(pdfBytes)).toBe(true);

      const other = await signedIn();
      for (const access of [other.access, null]) {
        const res = await getUrl(doc.url, access);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect((await inject(t.app, endpoints.vendorDocumentFile, { params: { id: crypto.randomUUID() }, access: v.access })).statusCode).toBe(404);

      // Stored outside the public media root, under a key no URL serves.
      const [row] = await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.id, doc.id));
      const key = row?.storageKey ?? '';
      expect(filesUnder(path.join(dataDir, 'media')).some((f) => f.includes(doc.id))).toBe(false);
      expect(existsSync(path.join(dataDir, 'private', ...key.split('/')))).toBe(true);
      for (const url of [`/media/${key}`, `/media/../private/${key}`, `/media/%2e%2e/private/${key}`, `/private/${key}`]) {
        const res = await getUrl(url, v.access);
        expect(res.statusCode).toBe(404);
        expect(res.rawPayload.equals(pdfBytes)).toBe(false);
      }
    });

    it('are removed by their owner only, file and all', async () => {
      const v = await startedVendor();
      const doc = VendorDocument.parse((await uploadDocument(v.access, 'id.png', await makePng())).json());
      const [row] = await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.id, doc.id));
      const file = path.join(dataDir, 'private', ...(row?.storageKey ?? '').split('/'));
      expect(existsSync(file)).toBe(true);

      const other = await startedVendor();
      expect((await inject(t.app, endpoints.deleteVendorDocument, { params: { id: doc.id }, access: other.access })).statusCode).toBe(404);
      const gone = await inject(t.app, endpoints.deleteVendorDocument, { params: { id: doc.id }, access: v.access });
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toEqual({ id: doc.id });
      expect(existsSync(file)).toBe(false);
      expect((await getUrl(doc.url, v.access)).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.deleteVendorDocument, { params: { id: doc.id }, access: v.access })).statusCode).toBe(404);
    });

    it('go, file and all, with the payout account, when their owner deletes the account', async () => {
      const v = await startedVendor();
      const doc = VendorDocument.parse((await uploadDocument(v.access, 'passport.png', await makePng())).json());
      expect((await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount })).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.id, doc.id));
      const file = path.join(dataDir, 'private', ...(row?.storageKey ?? '').split('/'));
      expect(existsSync(file)).toBe(true);

      const deleted = await inject(t.app, endpoints.deleteAccount, { access: v.access, body: { password: v.password, confirm: true } });
      expect(deleted.statusCode).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect(await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, v.vendorId))).toEqual([]);
      expect(await t.database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, v.vendorId))).toEqual([]);
      const admin = await operator();
      expect((await getUrl(doc.url, admin.access)).statusCode).toBe(404);
    });
  });

  describe('bank details', () => {
    it('stores the full number and shows it masked in every response', async () => {
      const v = await startedVendor();
      const saved = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: { ...usAccount, account_number: '1234-5678 9012' } });
      expect(saved.statusCode).toBe(200);
      expect(BankDetails.parse(saved.json())).toMatchObject({
        account_holder: 'Green Grocer LLC',
        bank_name: 'First Bank',
        kind: 'us_account',
        account_number_masked: '•••• 9012',
        routing_number: '011000015',
      });
      const [row] = await t.database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, v.vendorId));
      expect(row?.accountNumber).toBe('123456789012');

      await uploadDocument(v.access, 'id.png', await makePng());
      await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: weekHours });
      await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() });
      const mine = await inject(t.app, endpoints.myVendor, { access: v.access });
      const responses = [
        saved,
        mine,
        await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo() }),
        await inject(t.app, endpoints.submitKyc, { access: v.access }),
        await inject(t.app, endpoints.vendorDashboard, { access: v.access }),
      ];
      for (const res of responses) {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('123456789012');
        expect(res.body).not.toContain('56789012');
      }
      expect(mine.json().bank_details?.account_number_masked).toBe('•••• 9012');
    });

    it('takes an IBAN checked by its checksum, masked to its last four characters', async () => {
      const v = await startedVendor();
      const res = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: { account_holder: 'Grün GmbH', bank_name: 'Commerzbank', iban: 'de89 3704 0044 0532 0130 00' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'iban', account_number_masked: '•••• 3000', routing_number: null });
      expect(res.body).not.toContain('370400440532013000');
      const [row] = await t.database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, v.vendorId));
      expect(row).toMatchObject({ kind: 'iban', accountNumber: 'DE89370400440532013000', routingNumber: null });

      // Replaced, not added: back to a US account.
      expect((await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount })).json().kind).toBe('us_account');
      expect(await t.database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, v.vendorId))).toHaveLength(1);
    });

    it('refuses a bad IBAN and a bad routing number under their fields', async () => {
      const v = await startedVendor();
      const badIban = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: { account_holder: 'A B', bank_name: 'Bank', iban: 'DE89370400440532013001' } });
      expect(badIban.statusCode).toBe(400);
      expect(badIban.error().fields).toEqual({ iban: 'This IBAN is not valid: check the letters and digits.' });
      const badRouting = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: { ...usAccount, routing_number: '011000016', account_number: '12' } });
      expect(badRouting.statusCode).toBe(400);
      expect(Object.keys(badRouting.error().fields ?? {}).sort()).toEqual(['account_number', 'routing_number']);
      const nothing = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: { account_holder: 'A B', bank_name: 'Bank' } });
      expect(nothing.error().fields?.iban).toBeDefined();
      expect(await t.database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, v.vendorId))).toHaveLength(0);
    });
  });

  describe('service time', () => {
    it('replaces every range at once and keeps the time zone; 24:00 stays 24:00', async () => {
      const v = await startedVendor();
      const first = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: weekHours });
      expect(first.statusCode).toBe(200);
      expect(ServiceTime.parse(first.json())).toEqual(weekHours);

      const next = { time_zone: 'Europe/Paris', hours: [{ weekday: 7, opens: '00:00', closes: '24:00' }] };
      const second = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: next });
      expect(second.json()).toEqual({ ...next, time_zone_auto: false });
      const rows = await t.database.db.select().from(vendorHours).where(eq(vendorHours.vendorId, v.vendorId));
      expect(rows.map((r) => [r.weekday, r.opensMinute, r.closesMinute])).toEqual([[7, 0, 1440]]);
      expect((await vendorRow(v.vendorId)).timeZone).toBe('Europe/Paris');

      const cleared = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { time_zone: 'Europe/Paris', hours: [] } });
      expect(cleared.json().hours).toEqual([]);
      expect(VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json()).steps.service_time).toBe(false);
    });

    it('refuses overlapping ranges of one day, a closing before the opening, and an unknown time zone', async () => {
      const v = await startedVendor();
      const overlap = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: {
        time_zone: 'America/New_York',
        hours: [
          { weekday: 2, opens: '09:00', closes: '12:00' },
          { weekday: 3, opens: '11:00', closes: '13:00' },
          { weekday: 2, opens: '11:30', closes: '14:00' },
        ],
      } });
      expect(overlap.statusCode).toBe(400);
      expect(overlap.error().fields).toEqual({ 'hours.2.opens': 'Overlaps another range on Tuesday.' });
      const backwards = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { time_zone: 'America/New_York', hours: [{ weekday: 1, opens: '18:00', closes: '09:00' }] } });
      expect(backwards.error().fields?.['hours.0.closes']).toBeDefined();
      const zone = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { time_zone: 'Mars/Olympus', hours: [] } });
      expect(zone.error().fields?.time_zone).toBeDefined();
    });

    it('has the database refuse an overlap the checks above would miss, and keeps the previous hours', async () => {
      const v = await startedVendor();
      await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: weekHours });

      // Straight into the table: the exclusion constraint is the last guard.
      const direct = t.database.db.insert(vendorHours).values({ vendorId: v.vendorId, weekday: 1, opensMinute: 600, closesMinute: 660 });
      expect(sqlState(await direct.then(() => null, (err: unknown) => err))).toBe('23P01');

      // Through the service with input the HTTP schema would have refused: a 400 under "hours", nothing half-replaced.
      const deps: VendorsDeps = { db: t.database.db, clock, mediaUrl: (k) => `/media/${k}`, documents: createPrivateStorage({ dataDir, s3: undefined }) };
      const overlapping = { time_zone: 'Asia/Tokyo', time_zone_auto: false, hours: [{ weekday: 4, opens: '09:00', closes: '12:00' }, { weekday: 4, opens: '10:00', closes: '11:00' }] };
      const error = await saveServiceTime(deps, v.user.id, overlapping).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, fields: { hours: expect.stringMatching(/overlap/) } });
      expect(ServiceTime.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json().service_time)).toEqual(weekHours);
    });
  });

  describe('time zone', () => {
    const zoneOf = async (access: string) => VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access })).json()).service_time;
    const losAngeles = { label: 'LA', line1: '600 W 7th St', city: 'Los Angeles', state: 'CA', postal_code: '90017', latitude: 34.0488, longitude: -118.2577 };
    const denver = { label: 'Denver', line1: '1701 Wynkoop St', city: 'Denver', state: 'CO', postal_code: '80202', latitude: 39.7531, longitude: -105.0002 };

    it('finds each address\'s time zone from its coordinates, on the owner\'s and the public page', async () => {
      const v = await startedVendor();
      const saved = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address(losAngeles) })).json());
      expect(saved.time_zone).toBe('America/Los_Angeles');
      const moved = await inject(t.app, endpoints.updateVendorAddress, { params: { id: saved.id }, access: v.access, body: address({ ...losAngeles, latitude: 31.7587, longitude: -106.4869 }) });
      // El Paso keeps Mountain time although Texas is mostly Central: the boundary, not the state, decides.
      expect(moved.json().time_zone).toBe('America/Denver');
      expect((await zoneOf(v.access)).time_zone).toBe('America/Denver');
    });

    it('keeps a subnormal coordinate (5e-324) as 0: the point\'s trigonometry underflowed in PostgreSQL, a 500 the fuzz test found', async () => {
      const v = await startedVendor();
      const res = await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address({ latitude: 40.7484, longitude: 5e-324 }) });
      expect(res.statusCode).toBe(201);
      expect(VendorAddress.parse(res.json())).toMatchObject({ latitude: 40.7484, longitude: 0 });
    });

    it('refuses coordinates that are not numbers: a null or an empty string was taken as 0, an address at 0, 0', async () => {
      const v = await startedVendor();
      for (const latitude of [null, '', '40.7484', true]) {
        const res = await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: { ...address(), latitude } as never });
        expect(res.statusCode).toBe(400);
        expect(res.error().fields).toEqual({ latitude: 'Give the latitude as a number.' });
      }
    });

    it('follows the primary address while the vendor has not chosen a zone, and keeps a chosen one whatever the addresses do', async () => {
      const v = await startedVendor();
      expect(await vendorRow(v.vendorId)).toMatchObject({ timeZoneAuto: true });
      // Before any address the zone the page proposed (the browser's) stands in.
      const early = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { ...weekHours, time_zone: 'America/Chicago', time_zone_auto: true } });
      expect(early.json()).toMatchObject({ time_zone: 'America/Chicago', time_zone_auto: true });

      const la = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address(losAngeles) })).json());
      expect(await zoneOf(v.access)).toMatchObject({ time_zone: 'America/Los_Angeles', time_zone_auto: true });
      // A second address does not move it; making it the primary one does.
      const den = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address(denver) })).json());
      expect((await zoneOf(v.access)).time_zone).toBe('America/Los_Angeles');
      await inject(t.app, endpoints.updateVendorAddress, { params: { id: den.id }, access: v.access, body: address({ ...denver, is_primary: true }) });
      expect((await zoneOf(v.access)).time_zone).toBe('America/Denver');
      // Saved again as automatic, the primary address's zone wins over what the page sent.
      const automatic = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { ...weekHours, time_zone: 'Europe/Paris', time_zone_auto: true } });
      expect(automatic.json()).toMatchObject({ time_zone: 'America/Denver', time_zone_auto: true });
      // Deleting the primary hands it, and the zone, to the other address.
      await inject(t.app, endpoints.deleteVendorAddress, { params: { id: den.id }, access: v.access });
      expect((await zoneOf(v.access)).time_zone).toBe('America/Los_Angeles');

      // Chosen by the vendor: it stays through address changes.
      const chosen = await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { ...weekHours, time_zone: 'Europe/Paris', time_zone_auto: false } });
      expect(chosen.json()).toMatchObject({ time_zone: 'Europe/Paris', time_zone_auto: false });
      await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address({ ...denver, is_primary: true }) });
      await inject(t.app, endpoints.updateVendorAddress, { params: { id: la.id }, access: v.access, body: address({ ...losAngeles, is_primary: true }) });
      expect(await zoneOf(v.access)).toMatchObject({ time_zone: 'Europe/Paris', time_zone_auto: false });
      // The public page shows the vendor's zone, and each address's own.
      const shop = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.user.id }, access: v.access })).json();
      expect(shop.service_time.time_zone).toBe('Europe/Paris');
      expect(shop.addresses.map((a) => a.time_zone).sort()).toEqual(['America/Denver', 'America/Los_Angeles']);
    });
  });

  describe('addresses', () => {
    it('makes the first address primary, moves the primary on request, and keeps the vendor\'s coordinates on it', async () => {
      const v = await startedVendor();
      const first = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address({ is_primary: false }) })).json());
      expect(first).toMatchObject({ is_primary: true, vendor_id: v.vendorId });
      expect(await vendorRow(v.vendorId)).toMatchObject({ latitude: 40.7484, longitude: -73.9857 });

      const second = await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address({ label: 'Depot', line1: '1 Main St', line2: '', state: '', postal_code: '', latitude: 40.7, longitude: -74, is_primary: true }) });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ is_primary: true, formatted_address: '1 Main St, New York, United States' });
      const third = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address({ label: 'Kiosk', latitude: 40.8, longitude: -73.9 }) })).json());
      expect(third.is_primary).toBe(false);

      let listed = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json()).addresses;
      expect(listed.filter((a) => a.is_primary).map((a) => a.label)).toEqual(['Depot']);
      expect(listed[0]?.label).toBe('Depot');
      expect(await vendorRow(v.vendorId)).toMatchObject({ latitude: 40.7, longitude: -74 });

      // Marking the kiosk primary by an update.
      const moved = await inject(t.app, endpoints.updateVendorAddress, { params: { id: third.id }, access: v.access, body: address({ label: 'Kiosk', latitude: 40.81, longitude: -73.91, is_primary: true }) });
      expect(moved.json()).toMatchObject({ is_primary: true, latitude: 40.81 });
      expect(await vendorRow(v.vendorId)).toMatchObject({ latitude: 40.81, longitude: -73.91 });

      // Unmarking the primary hands it to the oldest other address.
      const unmarked = await inject(t.app, endpoints.updateVendorAddress, { params: { id: third.id }, access: v.access, body: address({ label: 'Kiosk', latitude: 40.81, longitude: -73.91, is_primary: false }) });
      expect(unmarked.json().is_primary).toBe(false);
      listed = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json()).addresses;
      expect(listed.filter((a) => a.is_primary).map((a) => a.id)).toEqual([first.id]);

      // Deleting the primary promotes another; deleting the last clears the coordinates.
      expect((await inject(t.app, endpoints.deleteVendorAddress, { params: { id: first.id }, access: v.access })).json()).toEqual({ id: first.id });
      listed = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json()).addresses;
      expect(listed.filter((a) => a.is_primary)).toHaveLength(1);
      expect(listed).toHaveLength(2);
      for (const a of listed) await inject(t.app, endpoints.deleteVendorAddress, { params: { id: a.id }, access: v.access });
      expect(await vendorRow(v.vendorId)).toMatchObject({ latitude: null, longitude: null });
    });

    it('keeps a single address primary even when asked to unmark it', async () => {
      const v = await startedVendor();
      const only = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() })).json());
      const res = await inject(t.app, endpoints.updateVendorAddress, { params: { id: only.id }, access: v.access, body: address({ city: 'Brooklyn', is_primary: false }) });
      expect(res.json()).toMatchObject({ city: 'Brooklyn', is_primary: true });
    });

    it('changes and removes only the caller\'s own addresses; coordinates are checked', async () => {
      const a = await startedVendor();
      const b = await startedVendor();
      const mine = VendorAddress.parse((await inject(t.app, endpoints.addVendorAddress, { access: a.access, body: address() })).json());
      expect((await inject(t.app, endpoints.updateVendorAddress, { params: { id: mine.id }, access: b.access, body: address() })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.deleteVendorAddress, { params: { id: mine.id }, access: b.access })).statusCode).toBe(404);
      const bad = await inject(t.app, endpoints.addVendorAddress, { access: a.access, body: address({ latitude: 91, line1: '' }) });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.error().fields ?? {}).sort()).toEqual(['latitude', 'line1']);
    });

    it('keeps exactly one primary when two addresses marked primary arrive at once', async () => {
      const v = await startedVendor();
      await Promise.all(
        Array.from({ length: 4 }, (_, i) => inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address({ label: `A${i}`, is_primary: true }) })),
      );
      const listed = VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json()).addresses;
      expect(listed).toHaveLength(4);
      expect(listed.filter((a) => a.is_primary)).toHaveLength(1);
    });

    it('lists a vendor\'s addresses to everyone once it is live; before, to its owner and operators only', async () => {
      const v = await startedVendor();
      await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() });
      const other = await signedIn();
      const op = await operator();
      const query = { vendor_uuid: v.vendorId };
      expect((await inject(t.app, endpoints.vendorAddresses, { query })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorAddresses, { query, access: other.access })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorAddresses, { query, access: v.access })).json()).toHaveLength(1);
      expect((await inject(t.app, endpoints.vendorAddresses, { query, access: op.access })).json()).toHaveLength(1);

      await t.database.db.update(vendors).set({ kycStatus: 'approved', isApproved: true, approvedAt: clock() }).where(eq(vendors.id, v.vendorId));
      const visitor = await inject(t.app, endpoints.vendorAddresses, { query });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()[0]).toMatchObject({ city: 'New York', is_primary: true });

      await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, v.vendorId));
      expect((await inject(t.app, endpoints.vendorAddresses, { query })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorAddresses, { query, access: v.access })).statusCode).toBe(200);
      expect((await inject(t.app, endpoints.vendorAddresses, { query: { vendor_uuid: crypto.randomUUID() } })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorAddresses, { query: { vendor_uuid: 'nope' } })).statusCode).toBe(400);
    });
  });

  describe('status', () => {
    it('answers the owner and operators; another user gets 404 and a visitor 401', async () => {
      const v = await startedVendor();
      const params = { id: v.vendorId };
      const own = await inject(t.app, endpoints.vendorStatus, { params, access: v.access });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ is_approved: false, kyc_status: 'not_submitted', is_suspended: false });
      const op = await operator();
      expect((await inject(t.app, endpoints.vendorStatus, { params, access: op.access })).statusCode).toBe(200);
      expect((await inject(t.app, endpoints.vendorStatus, { params, access: (await signedIn()).access })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorStatus, { params })).statusCode).toBe(401);
      expect((await inject(t.app, endpoints.vendorStatus, { params: { id: crypto.randomUUID() }, access: op.access })).statusCode).toBe(404);
    });

    it('says not approved while the shop is suspended, and the login says so too', async () => {
      const v = await completeVendor();
      await t.database.db.update(vendors).set({ kycStatus: 'approved', isApproved: true, approvedAt: clock(), isSuspended: true }).where(eq(vendors.id, v.vendorId));
      expect((await inject(t.app, endpoints.vendorStatus, { params: { id: v.vendorId }, access: v.access })).json()).toEqual({ is_approved: false, kyc_status: 'approved', is_suspended: true });
      expect(await login(t.app, v.email, v.password)).toMatchObject({ vendor_id: v.vendorId, is_approved: false, kyc_status: 'approved' });
      expect((await inject(t.app, endpoints.profile, { access: v.access })).json().is_approved).toBe(false);
      expect(VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json()).vendor).toMatchObject({ is_approved: false, is_suspended: true });

      await t.database.db.update(vendors).set({ isSuspended: false }).where(eq(vendors.id, v.vendorId));
      expect(await login(t.app, v.email, v.password)).toMatchObject({ is_approved: true });
    });
  });

  describe('dashboard', () => {
    it('shows the next KYC step, completeness, rating figures, favourites and the last five notifications', async () => {
      const v = await startedVendor();
      const fresh = VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json());
      expect(fresh).toMatchObject({
        next_step: { step: 'documents', label: 'Documents', path: '/VendorDocument' },
        completeness: { percent: 20, missing: ['Documents', 'Bank details', 'Service time', 'Address'] },
        rating_avg: null,
        rating_count: 0,
        favorites_count: 0,
      });

      await uploadDocument(v.access, 'id.png', await makePng());
      await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: address() });
      const later = VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json());
      expect(later.next_step).toEqual({ step: 'bank_details', label: 'Bank details', path: '/BankDetails' });
      expect(later.completeness).toEqual({ percent: 60, missing: ['Bank details', 'Service time'] });

      await t.database.db.update(vendors).set({ ratingCount: 3, ratingSum: 13 }).where(eq(vendors.id, v.vendorId));
      const fans = await Promise.all([signedIn(), signedIn()]);
      await t.database.db.insert(favoriteVendors).values(fans.map((f) => ({ userId: f.user.id, vendorId: v.vendorId })));
      await t.database.db.insert(notifications).values(
        Array.from({ length: 7 }, (_, i) => ({ userId: v.user.id, title: `Note ${i}`, body: 'b', notificationType: 'test', createdAt: new Date(clock().getTime() + i * 1000) })),
      );
      const figures = VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json());
      expect(figures).toMatchObject({ rating_avg: 4.3, rating_count: 3, favorites_count: 2 });
      expect(figures.recent_notifications.map((n) => n.title)).toEqual(['Note 6', 'Note 5', 'Note 4', 'Note 3', 'Note 2']);
      expect(VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access: v.access })).json())).toMatchObject({ rating_avg: 4.3, favorites_count: 2 });
      // Another account's notifications never show.
      const other = await startedVendor();
      expect(VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: other.access })).json()).recent_notifications).toEqual([]);
    });
  });

  describe('one vendor per account', () => {
    it('creates one vendor record when two first saves arrive at once', async () => {
      const v = await signedIn();
      const results = await Promise.all([0, 1, 2].map((i) => inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo({ business_name: `Shop ${i}` }) })));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const rows = await t.database.db.select().from(vendors).where(eq(vendors.userId, v.user.id));
      expect(rows).toHaveLength(1);
      expect(new Set(results.map((r) => r.json().id))).toEqual(new Set([rows[0]?.id]));
    });
  });
});

describe('document file names', () => {
  it('keeps a safe name with an extension that matches the bytes', () => {
    expect(safeFileName('scan.pdf', 'png')).toBe('scan.png');
    expect(safeFileName('photo.JPEG', 'jpg')).toBe('photo.jpeg');
    expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\me\\id card.png', 'png')).toBe('id card.png');
    expect(safeFileName('bad\r\nname\u202e.png', 'png')).toBe('badname.png');
    expect(safeFileName('', 'pdf')).toBe('document.pdf');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(120);
  });

  it('writes a Content-Disposition that no name can break out of', () => {
    expect(contentDisposition('id.png')).toBe(`inline; filename="id.png"; filename*=UTF-8''id.png`);
    expect(contentDisposition('a";\r\nx: y.pdf')).toBe(`inline; filename="a_;__x: y.pdf"; filename*=UTF-8''a%22%3B%0D%0Ax%3A%20y.pdf`);
    expect(contentDisposition('日本.pdf')).toMatch(/^inline; filename="__\.pdf"; filename\*=UTF-8''%E6%97%A5%E6%9C%AC\.pdf$/);
  });
});

describe('private storage on local disk', () => {
  it('reads back what it stored, answers null for a missing key, and refuses a key that climbs out', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-private-'));
    try {
      const storage = createPrivateStorage({ dataDir, s3: undefined });
      await storage.put('documents/x/1.pdf', Buffer.from('hello'), 'application/pdf');
      expect((await storage.get('documents/x/1.pdf'))?.toString()).toBe('hello');
      expect(existsSync(path.join(dataDir, 'private', 'documents', 'x', '1.pdf'))).toBe(true);
      expect(await storage.get('documents/x/2.pdf')).toBeNull();
      await storage.delete('documents/x/1.pdf');
      expect(await storage.get('documents/x/1.pdf')).toBeNull();
      await expect(storage.get('../media/x.png')).rejects.toThrow(/invalid storage key/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('vendor documents with an S3-compatible bucket', () => {
  let t: TestContext;
  let s3dir: string;
  let server: S3rver;
  let endpoint: string;
  const bucket = 'localloop-vendors-test';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    s3dir = mkdtempSync(path.join(tmpdir(), 'localloop-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: s3dir, silent: true, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({ config: { s3: { endpoint, region: 'us-east-1', bucket, ...credentials, publicUrl: undefined, forcePathStyle: true } } });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    rmSync(s3dir, { recursive: true, force: true });
  });

  it('keeps documents under the private/ prefix, uncached, and serves them only through the API', async () => {
    const account = await createAccount(t.database);
    const { access } = await login(t.app, account.email, account.password);
    const auth = { authorization: `Bearer ${access}` };
    expect((await inject(t.app, endpoints.saveBasicInfo, { access, body: basicInfo() })).statusCode).toBe(200);
    const pdfBytes = await makePdf('In the bucket');
    const form = await multipart([
      { name: 'kind', value: 'identity' },
      { name: 'file', fileName: 'id.pdf', bytes: pdfBytes },
    ]);
    const res = await inject(t.app, endpoints.uploadVendorDocument, { access, body: encoded(form) });
    expect(res.statusCode).toBe(201);
    const doc = VendorDocument.parse(res.json());

    const [row] = await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.id, doc.id));
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).map((o) => o.Key);
      expect(keys).toEqual([`private/${row?.storageKey}`]);
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `private/${row?.storageKey}` }));
      expect(object.ContentType).toBe('application/pdf');
      expect(object.CacheControl).toBe('private, no-store');
    } finally {
      client.destroy();
    }

    // The document's own URL, as the answer gave it.
    const fetched = await t.app.inject({ method: 'GET', url: doc.url, headers: auth });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(pdfBytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: doc.url })).statusCode).toBe(404);

    expect((await inject(t.app, endpoints.deleteVendorDocument, { params: { id: doc.id }, access })).statusCode).toBe(200);
    const after = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    try {
      expect((await after.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).toEqual([]);
    } finally {
      after.destroy();
    }
  });
});

// Real parallel transactions need PostgreSQL: concurrent replacements of one vendor's hours queue on its row lock
// (none fails on the exclusion constraint, none leaves a mix of two requests).
describe.runIf(onPostgres)('vendor KYC under concurrency on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('applies concurrent opening-hour replacements one after another, never mixing them', async () => {
    const account = await createAccount(t.database);
    const { access } = await login(t.app, account.email, account.password);
    await inject(t.app, endpoints.saveBasicInfo, { access, body: basicInfo() });
    const variants = Array.from({ length: 6 }, (_, i) => ({
      time_zone: 'America/New_York',
      hours: [
        { weekday: 1, opens: `0${i}:00`, closes: '10:00' },
        { weekday: 1, opens: '11:00', closes: `1${i + 2}:00` },
      ],
    }));
    const results = await Promise.all(variants.map((payload) => inject(t.app, endpoints.saveServiceTime, { access, body: payload })));
    expect(results.map((r) => r.statusCode)).toEqual(variants.map(() => 200));
    const final = (await inject(t.app, endpoints.myVendor, { access })).json().service_time;
    // A zone named with the hours is the vendor's choice: it no longer follows the address.
    expect(variants.map((v) => ({ ...v, time_zone_auto: false }))).toContainEqual(final);
  });
});
