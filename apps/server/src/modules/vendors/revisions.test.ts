import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminVendorDetail, BankDetails, endpoints, VendorDashboard, VendorListResponse, VendorProfile, VendorPublic, type BasicInfoInput } from '@localloop/contract';
import { notifications, users, vendorBankAccounts, vendorRevisions, vendors } from '../../db/schema.ts';
import { createAccount, createTestApp, encoded, inject, login, onPostgres, testClock, type TestContext } from '../../../test/helper.ts';
import { decide } from '../admin/service.ts';

/*
 * Issue 9, item 7: an approved vendor's new name, contact and bank details went public at once, and a rejected
 * change left them public. These tests hold the fix: such changes wait in vendor_revisions until approved.
 */

type Response = { statusCode: number; body: string; json: () => unknown };

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const ok = (res: Response, status = 200) => expect(res.statusCode, res.body).toBe(status);

/** Words that share no trigram with each other, so the directory's typo-tolerant search tells the names apart. */
const tag = () => randomBytes(4).toString('hex');
const here = { lat: 40.7484, lng: -73.9857 };
const usAccount = { account_holder: 'Harbor Bakery LLC', bank_name: 'First Bank', routing_number: '011000015', account_number: '123456789012' };
const iban = { account_holder: 'Harbor Bakery GmbH', bank_name: 'Commerzbank', iban: 'DE89 3704 0044 0532 0130 00' };

async function person() {
  const account = await createAccount(t.database);
  const { access } = await login(t.app, account.email, account.password);
  return { ...account, access };
}

async function operator() {
  const account = await person();
  await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, account.user.id));
  return account;
}

async function uploadIdentity(access: string) {
  const form = new FormData();
  form.append('kind', 'identity');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'white' } }).png().toBuffer();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'passport.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = encoded({ payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' });
  return inject(t.app, endpoints.uploadVendorDocument, { access, body });
}

/** A shop that went through the whole KYC and an operator's approval, all through the API. */
async function liveVendor(op: { access: string }) {
  const owner = await person();
  const name = `Harbor ${tag()} Bakery`;
  const basicInfo: BasicInfoInput = {
    business_name: name,
    category: 'Food & Drink',
    description: 'Bread at dawn.',
    logo: null,
    contact_email: 'harbor@example.test',
    contact_phone: '+15551230000',
  };
  const created = await inject(t.app, endpoints.saveBasicInfo, { access: owner.access, body: basicInfo });
  ok(created);
  const vendorId = VendorProfile.parse(created.json()).id;
  ok(await uploadIdentity(owner.access), 201);
  ok(await inject(t.app, endpoints.saveBankDetails, { access: owner.access, body: usAccount }));
  ok(await inject(t.app, endpoints.saveServiceTime, { access: owner.access, body: { time_zone: 'America/New_York', hours: [{ weekday: 1, opens: '08:00', closes: '16:00' }] } }));
  ok(await inject(t.app, endpoints.addVendorAddress, { access: owner.access, body: { line1: '350 5th Ave', city: 'New York', country: 'United States', latitude: here.lat, longitude: here.lng } }), 201);
  ok(await inject(t.app, endpoints.submitKyc, { access: owner.access }));
  ok(await inject(t.app, endpoints.approveVendor, { params: { id: vendorId }, access: op.access, body: {} }));
  return { ...owner, vendorId, name, basicInfo };
}

const me = async (access: string) => VendorProfile.parse((await inject(t.app, endpoints.myVendor, { access })).json());
const publicPage = async (userId: string) => VendorPublic.parse((await inject(t.app, endpoints.vendorPublic, { params: { user_id: userId } })).json());
const directory = async (q: string) =>
  VendorListResponse.parse((await inject(t.app, endpoints.vendorList, { query: { lat: here.lat, lng: here.lng, radius_km: 5, q } })).json());
const found = async (q: string, vendorId: string) => (await directory(q)).results.find((card) => card.id === vendorId) ?? null;
const vendorRow = async (id: string) => (await t.database.db.select().from(vendors).where(eq(vendors.id, id)))[0];
const bankRow = async (id: string) => (await t.database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, id)))[0];
const revisionRows = (id: string) => t.database.db.select().from(vendorRevisions).where(eq(vendorRevisions.vendorId, id));
const noticesOf = (userId: string) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

/** The name, contact and payout changes issue 9 was about. */
const identityChange = (v: { basicInfo: BasicInfoInput }) => ({
  ...v.basicInfo,
  business_name: `Quayside ${tag()} Ovens`,
  contact_email: 'new-owner@example.test',
  contact_phone: '+15559870000',
});

describe('an approved vendor\'s changes to what operators review', () => {
  it('are not public until approved: directory, public page and vendor lists keep the approved name, contact and bank', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const change = identityChange(v);

    const saved = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: change });
    ok(saved);
    const bank = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban });
    ok(bank);
    // The owner's answers show what they saved, masked as always.
    expect(BankDetails.parse(bank.json())).toMatchObject({ kind: 'iban', account_number_masked: '•••• 3000', account_holder: 'Harbor Bakery GmbH' });

    const mine = await me(v.access);
    expect(mine).toMatchObject({
      business_name: change.business_name,
      contact_email: 'new-owner@example.test',
      contact_phone: '+15559870000',
      bank_details: { kind: 'iban', account_number_masked: '•••• 3000' },
      kyc_status: 'approved',
      is_approved: true,
      pending_changes: { fields: ['business_name', 'contact_email', 'contact_phone'], bank_details: true, submitted_at: null },
    });

    const checkStillLive = async () => {
      const page = await publicPage(v.user.id);
      expect(page).toMatchObject({ business_name: v.name, contact_email: 'harbor@example.test', contact_phone: '+15551230000' });
      expect(JSON.stringify(page)).not.toContain(change.business_name);
      expect(await found(v.name, v.vendorId)).toMatchObject({ business_name: v.name });
      expect(await found(change.business_name, v.vendorId)).toBeNull();
      expect(await vendorRow(v.vendorId)).toMatchObject({ businessName: v.name, contactEmail: 'harbor@example.test', contactPhone: '+15551230000' });
      expect(await bankRow(v.vendorId)).toMatchObject({ kind: 'us_account', accountNumber: '123456789012' });
      // The dashboard names the shop as customers see it, and knows there is something to send.
      return VendorDashboard.parse((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json());
    };
    expect((await checkStillLive()).vendor).toMatchObject({ business_name: v.name, unsent_changes: true });

    // Sent for review: still nothing public moves, and the shop stays live.
    const submitted = await inject(t.app, endpoints.submitKyc, { access: v.access });
    ok(submitted);
    expect(VendorProfile.parse(submitted.json())).toMatchObject({
      kyc_status: 'pending',
      is_approved: true,
      pending_changes: { fields: ['business_name', 'contact_email', 'contact_phone'], bank_details: true, submitted_at: clock().toISOString() },
    });
    expect((await checkStillLive()).vendor).toMatchObject({ business_name: v.name, unsent_changes: false, kyc_status: 'pending' });
    const [sent] = (await noticesOf(v.user.id)).filter((n) => n.title === 'Your changes were sent for review');
    expect(sent?.body).toContain('stays live with its approved details');
  });

  it('all go live on approval, in the decision\'s transaction, and the revision is gone', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const change = identityChange(v);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: { ...change, description: 'Bread and now cakes.' } }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));

    const approved = await inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: {} });
    ok(approved);
    expect(AdminVendorDetail.parse(approved.json())).toMatchObject({ business_name: change.business_name, proposed_changes: null, pending_changes: null, kyc_status: 'approved' });

    expect(await publicPage(v.user.id)).toMatchObject({ business_name: change.business_name, description: 'Bread and now cakes.', contact_email: 'new-owner@example.test', contact_phone: '+15559870000' });
    expect(await found(change.business_name, v.vendorId)).toMatchObject({ business_name: change.business_name });
    expect(await found(v.name, v.vendorId)).toBeNull();
    expect(await bankRow(v.vendorId)).toMatchObject({ kind: 'iban', accountNumber: 'DE89370400440532013000', routingNumber: null, accountHolder: 'Harbor Bakery GmbH' });
    expect(await revisionRows(v.vendorId)).toEqual([]);
    expect(await me(v.access)).toMatchObject({ business_name: change.business_name, pending_changes: null, bank_details: { kind: 'iban' } });
    const [note] = (await noticesOf(v.user.id)).filter((n) => n.notificationType === 'vendor_approved' && n.title === 'Your changes are approved');
    expect(note?.body).toContain(change.business_name);
  });

  it('publish nothing when the approval\'s transaction rolls back: the live values and the revision stay as they were', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: identityChange(v) }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));
    const [vendorBefore, bankBefore, revisionBefore] = [await vendorRow(v.vendorId), await bankRow(v.vendorId), await revisionRows(v.vendorId)];

    await expect(
      t.database.db.transaction(async (tx) => {
        await decide(tx, clock, { operatorId: op.user.id, vendorId: v.vendorId, decision: 'approved', reason: '' });
        throw new Error('something after the decision failed');
      }),
    ).rejects.toThrow('something after the decision failed');

    expect(await vendorRow(v.vendorId)).toEqual(vendorBefore);
    expect(await bankRow(v.vendorId)).toEqual(bankBefore);
    expect(await revisionRows(v.vendorId)).toEqual(revisionBefore);
    expect(revisionBefore).toHaveLength(1);
  });

  it('are discarded on rejection: the public page keeps the approved details and the notice says so truthfully', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const change = identityChange(v);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: change }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));

    const reason = 'The new name belongs to another bakery.';
    const rejected = await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: { reason, steps: ['basic_info'] } });
    ok(rejected);
    expect(rejected.json()).toMatchObject({ kyc_status: 'rejected', is_approved: true, business_name: v.name, proposed_changes: null });

    expect(await revisionRows(v.vendorId)).toEqual([]);
    expect(await publicPage(v.user.id)).toMatchObject({ business_name: v.name, contact_email: 'harbor@example.test', contact_phone: '+15551230000' });
    expect(await found(v.name, v.vendorId)).not.toBeNull();
    expect(await bankRow(v.vendorId)).toMatchObject({ kind: 'us_account', accountNumber: '123456789012' });
    // The owner is back to the approved values, with the reason.
    expect(await me(v.access)).toMatchObject({
      business_name: v.name,
      contact_email: 'harbor@example.test',
      bank_details: { kind: 'us_account', account_number_masked: '•••• 9012' },
      pending_changes: null,
      rejection_reason: reason,
    });

    const [note] = (await noticesOf(v.user.id)).filter((n) => n.notificationType === 'vendor_rejected');
    expect(note).toMatchObject({ title: 'Your changes were not approved' });
    expect(note?.body).toContain(reason);
    expect(note?.body).toContain('They were discarded. Your shop stays live with its approved details.');

    // Nothing is left to send until the vendor changes something again.
    const again = await inject(t.app, endpoints.submitKyc, { access: v.access });
    expect(again.statusCode).toBe(409);
    expect(again.error()).toMatchObject({ code: 'NOTHING_TO_REVIEW' });
  });

  it('tell a suspended vendor whose changes are rejected that the shop keeps its details, without calling it live', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    ok(await inject(t.app, endpoints.suspendVendor, { params: { id: v.vendorId }, access: op.access, body: { reason: 'Complaints under investigation.' } }));
    // Suspended or not, an approved vendor's changes wait for review.
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: identityChange(v) }));
    expect(await vendorRow(v.vendorId)).toMatchObject({ businessName: v.name });
    ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));
    ok(await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: { reason: 'Not while suspended.', steps: ['basic_info'] } }));
    const [note] = (await noticesOf(v.user.id)).filter((n) => n.notificationType === 'vendor_rejected');
    expect(note?.body).toContain('Your shop keeps its approved details.');
    expect(note?.body).not.toContain('live');
  });

  it('cannot be edited while under review, though opening hours and addresses can', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const change = identityChange(v);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: change }));
    ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));
    const before = await revisionRows(v.vendorId);

    const rename = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: { ...change, business_name: 'Something Else Entirely' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.error()).toMatchObject({ code: 'CHANGES_IN_REVIEW', error: expect.stringContaining('being reviewed') });
    const rebank = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban });
    expect(rebank.statusCode).toBe(409);
    expect(rebank.error()).toMatchObject({ code: 'CHANGES_IN_REVIEW' });
    expect(await revisionRows(v.vendorId)).toEqual(before);
    expect(await bankRow(v.vendorId)).toMatchObject({ accountNumber: '123456789012' });

    ok(await inject(t.app, endpoints.saveServiceTime, { access: v.access, body: { time_zone: 'America/New_York', hours: [{ weekday: 2, opens: '07:00', closes: '15:00' }] } }));
    ok(await inject(t.app, endpoints.addVendorAddress, { access: v.access, body: { line1: '1 Pier Road', city: 'New York', country: 'United States', latitude: 40.7, longitude: -74 } }), 201);
    expect((await publicPage(v.user.id)).service_time.hours).toEqual([{ weekday: 2, opens: '07:00', closes: '15:00' }]);
  });

  it('refuses to send nothing for review, and editing back to the live values leaves no revision', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const nothing = await inject(t.app, endpoints.submitKyc, { access: v.access });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.error()).toEqual({
      code: 'NOTHING_TO_REVIEW',
      error: 'There is nothing to review: your details are the same as your live shop. Change your basic info or bank details first.',
    });
    expect(await vendorRow(v.vendorId)).toMatchObject({ kycStatus: 'approved' });

    // Saving the live values as they are proposes nothing.
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: v.basicInfo }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: { ...usAccount, account_number: '1234 5678 9012' } }));
    expect(await revisionRows(v.vendorId)).toEqual([]);

    // A change, then back: the revision goes; one group back keeps the other.
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: { ...v.basicInfo, description: 'Changed.' } }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    expect((await me(v.access)).pending_changes).toMatchObject({ fields: ['description'], bank_details: true });
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: v.basicInfo }));
    expect((await me(v.access)).pending_changes).toMatchObject({ fields: [], bank_details: true });
    const backToLive = await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount });
    expect(backToLive.json()).toMatchObject({ kind: 'us_account', account_number_masked: '•••• 9012' });
    expect(await revisionRows(v.vendorId)).toEqual([]);
    expect((await me(v.access)).pending_changes).toBeNull();
    expect((await inject(t.app, endpoints.submitKyc, { access: v.access })).statusCode).toBe(409);
  });

  it('belong to their vendor alone: another vendor, a customer and a visitor neither see nor change them', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const other = await liveVendor(op);
    const customer = await person();
    const change = identityChange(v);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: change }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    const revision = await revisionRows(v.vendorId);

    // Another vendor's own endpoints act on its own record only.
    expect(await me(other.access)).toMatchObject({ id: other.vendorId, business_name: other.name, pending_changes: null });
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: other.access, body: { ...other.basicInfo, description: 'Theirs.' } }));
    expect((await inject(t.app, endpoints.submitKyc, { access: other.access })).json()).toMatchObject({ id: other.vendorId });
    expect(await revisionRows(v.vendorId)).toEqual(revision);
    expect(await vendorRow(v.vendorId)).toMatchObject({ kycStatus: 'approved', businessName: v.name });

    // Nobody but an operator reads the proposed changes.
    for (const access of [other.access, customer.access]) {
      expect((await inject(t.app, endpoints.adminVendor, { params: { id: v.vendorId }, access })).statusCode).toBe(403);
      const page = await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.user.id }, access });
      ok(page);
      expect(page.body).not.toContain(change.business_name);
      expect(page.body).not.toContain('new-owner@example.test');
      const status = await inject(t.app, endpoints.vendorStatus, { params: { id: v.vendorId }, access });
      expect(status.statusCode).toBe(404);
    }
    expect((await inject(t.app, endpoints.adminVendor, { params: { id: v.vendorId } })).statusCode).toBe(401);
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.user.id } })).body).not.toContain(change.business_name);
  });

  it('are shown to an operator beside the live values, the bank numbers masked', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    const change = identityChange(v);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: change }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));

    const res = await inject(t.app, endpoints.adminVendor, { params: { id: v.vendorId }, access: op.access });
    ok(res);
    const detail = AdminVendorDetail.parse(res.json());
    // The profile part is the live shop, what customers see now.
    expect(detail).toMatchObject({ business_name: v.name, contact_email: 'harbor@example.test', bank_details: { kind: 'us_account', account_number_masked: '•••• 9012' } });
    expect(detail.proposed_changes).toEqual({
      fields: ['business_name', 'contact_email', 'contact_phone'],
      bank_details: true,
      submitted_at: clock().toISOString(),
      updated_at: expect.any(String),
      basic_info: [
        { field: 'business_name', live: v.name, proposed: change.business_name },
        { field: 'contact_email', live: 'harbor@example.test', proposed: 'new-owner@example.test' },
        { field: 'contact_phone', live: '+15551230000', proposed: '+15559870000' },
      ],
      bank: {
        live: expect.objectContaining({ kind: 'us_account', account_number_masked: '•••• 9012', routing_number: '011000015', account_holder: 'Harbor Bakery LLC' }),
        proposed: expect.objectContaining({ kind: 'iban', account_number_masked: '•••• 3000', routing_number: null, account_holder: 'Harbor Bakery GmbH' }),
      },
    });
    expect(detail.pending_changes).toMatchObject({ fields: ['business_name', 'contact_email', 'contact_phone'], bank_details: true });
    expect(res.body).not.toContain('123456789012');
    expect(res.body).not.toContain('370400440532013000');
    // The review queue lists it as a reapplication under its live name.
    const queue = (await inject(t.app, endpoints.adminVendors, { query: { status: 'pending', q: v.name }, access: op.access })).json();
    expect(queue.results).toEqual([expect.objectContaining({ id: v.vendorId, business_name: v.name, is_approved: true, kyc_status: 'pending' })]);
  });

  it('go with the account: deleting it removes the proposed contact and bank details too', async () => {
    const op = await operator();
    const v = await liveVendor(op);
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: identityChange(v) }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
    expect(await revisionRows(v.vendorId)).toHaveLength(1);
    ok(await inject(t.app, endpoints.deleteAccount, { access: v.access, body: { password: v.password, confirm: true } }));
    expect(await revisionRows(v.vendorId)).toEqual([]);
    expect(await bankRow(v.vendorId)).toBeUndefined();
  });
});

describe('before the first approval', () => {
  it('edits go straight to the vendor\'s record, with nothing pending', async () => {
    const v = await person();
    const basicInfo: BasicInfoInput = { business_name: 'First Try Deli', category: 'Food & Drink', description: '', logo: null, contact_email: 'deli@example.test', contact_phone: '+15551112222' };
    const created = VendorProfile.parse((await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: basicInfo })).json());
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: { ...basicInfo, business_name: 'Second Try Deli' } }));
    ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: usAccount }));
    expect(await vendorRow(created.id)).toMatchObject({ businessName: 'Second Try Deli' });
    expect(await bankRow(created.id)).toMatchObject({ accountNumber: '123456789012' });
    expect(await revisionRows(created.id)).toEqual([]);
    expect(await me(v.access)).toMatchObject({ business_name: 'Second Try Deli', pending_changes: null });
  });
});

describe('the vendor_revisions table', () => {
  /** The SQLSTATE of a failed statement, wherever the driver put it (Drizzle wraps it as the cause). */
  function sqlState(error: unknown): string | null {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const { code } = e as { code?: unknown };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    return null;
  }
  const refusal = async (work: Promise<unknown>) => sqlState(await work.then(() => null, (error: unknown) => error));

  it('refuses a one-emoji name with a 400 on the field, not a 500 from the database\'s character count', async () => {
    const v = await liveVendor(await operator());
    const res = await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: { ...v.basicInfo, business_name: '😀' } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { business_name: 'Use at least 2 characters.' } });
    expect((await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: { ...v.basicInfo, business_name: '😀🥐' } })).statusCode).toBe(200);
  });

  it('holds one revision per vendor, each group whole, something proposed, and an E.164 phone', async () => {
    const { vendorId } = await createAccount(t.database, { vendor: { isApproved: true, kycStatus: 'approved' } });
    if (!vendorId) throw new Error('no vendor');
    const basic = { businessName: 'Proper Name', category: 'Pets', description: '', contactEmail: 'a@example.test', contactPhone: '+15550001111' };
    const bank = { bankAccountHolder: 'A B', bankName: 'Bank', bankKind: 'us_account' as const, bankAccountNumber: '123456789', bankRoutingNumber: '011000015' };
    const insert = (values: Partial<typeof vendorRevisions.$inferInsert>) => t.database.db.insert(vendorRevisions).values({ vendorId, ...values });

    expect(await refusal(insert({}))).toBe('23514');
    expect(await refusal(insert({ businessName: 'Half Only' }))).toBe('23514');
    expect(await refusal(insert({ ...bank, bankRoutingNumber: null }))).toBe('23514');
    expect(await refusal(insert({ bankAccountHolder: 'A B', bankKind: 'iban' }))).toBe('23514');
    expect(await refusal(insert({ ...basic, contactPhone: '555-0100' }))).toBe('23514');
    expect(await refusal(insert({ ...basic, businessName: 'x' }))).toBe('23514');

    await insert({ ...basic, ...bank });
    expect(await refusal(insert({ ...basic }))).toBe('23505');
    expect(await revisionRows(vendorId)).toHaveLength(1);
  });
});

// Real parallel transactions need PostgreSQL; on PGlite the same requests simply queue.
describe('an approval and an edit at the same moment', () => {
  it('never mix: the live shop is exactly what was sent for review, and a later edit waits as a new revision', async () => {
    const op = await operator();
    for (let round = 0; round < (onPostgres ? 4 : 2); round += 1) {
      const v = await liveVendor(op);
      const sent = identityChange(v);
      ok(await inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: sent }));
      ok(await inject(t.app, endpoints.saveBankDetails, { access: v.access, body: iban }));
      ok(await inject(t.app, endpoints.submitKyc, { access: v.access }));

      const late = { ...sent, business_name: `Late ${tag()} Edit` };
      const lateBank = { ...usAccount, account_number: '999988887777' };
      const [approve, edit, rebank] = await Promise.all([
        inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: {} }),
        inject(t.app, endpoints.saveBasicInfo, { access: v.access, body: late }),
        inject(t.app, endpoints.saveBankDetails, { access: v.access, body: lateBank }),
      ]);
      ok(approve);
      // Each edit either met the review (refused) or came after the approval (a new revision).
      for (const res of [edit, rebank]) expect([200, 409]).toContain(res.statusCode);

      expect(await vendorRow(v.vendorId)).toMatchObject({ businessName: sent.business_name, contactEmail: sent.contact_email, kycStatus: 'approved' });
      expect(await bankRow(v.vendorId)).toMatchObject({ kind: 'iban', accountNumber: 'DE89370400440532013000' });
      const [revision] = await revisionRows(v.vendorId);
      expect(revision?.businessName ?? null).toBe(edit.statusCode === 200 ? late.business_name : null);
      expect(revision?.bankAccountNumber ?? null).toBe(rebank.statusCode === 200 ? '999988887777' : null);
    }
  });
});
