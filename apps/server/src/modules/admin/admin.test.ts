import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BasicInfoInput } from '@localloop/contract';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { notifications, users, vendorDecisions, vendors } from '../../db/schema.ts';
import { createAccount, createTestApp, encoded, freshDatabaseUrl, inject, login, migratedDataDir, raw, testClock, type InjectQuery, type TestContext } from '../../../test/helper.ts';
import { openSocket, until } from '../../../test/sockets.ts';
import { parseAdminArgs, runAdminCommand } from './command.ts';
import { decide } from './service.ts';

const clock = testClock();
let t: TestContext;
let host: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
/** A call by method and path, for a walk over the table and a URL an answer gave; inject() calls a named endpoint. */
const call = (method: Method, url: string, access?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: access ? { authorization: `Bearer ${access}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

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

type KycStatus = 'not_submitted' | 'pending' | 'approved' | 'rejected';

/** A vendor account in the given state, signed in; `name` and `submittedAt` make lists predictable. */
async function vendor(state: { kycStatus: KycStatus; isApproved?: boolean; isSuspended?: boolean; name?: string; submittedAt?: Date }) {
  // A rejection needs its reason (a CHECK), so a rejected vendor is created pending and then rejected.
  const kycStatus = state.kycStatus === 'rejected' ? 'pending' : state.kycStatus;
  const account = await createAccount(t.database, { vendor: { kycStatus, isApproved: state.isApproved ?? state.kycStatus === 'approved' } });
  const vendorId = account.vendorId ?? '';
  await t.database.db
    .update(vendors)
    .set({
      ...(state.name ? { businessName: state.name } : {}),
      ...(state.isSuspended ? { isSuspended: true } : {}),
      ...(state.kycStatus === 'rejected' ? { kycStatus: 'rejected' as const, rejectionReason: 'An earlier reason.' } : {}),
      submittedAt: state.kycStatus === 'not_submitted' ? null : (state.submittedAt ?? clock()),
    })
    .where(eq(vendors.id, vendorId));
  const { access } = await login(t.app, account.email, account.password);
  return { ...account, vendorId, access };
}

const vendorRow = async (id: string) => (await t.database.db.select().from(vendors).where(eq(vendors.id, id)))[0];
const decisionRows = (vendorId: string) => t.database.db.select().from(vendorDecisions).where(eq(vendorDecisions.vendorId, vendorId));
const notificationsOf = async (access: string) => (await inject(t.app, endpoints.notifications, { access })).json();

/** The operator's decisions, by the word for each. */
const decisions = { approve: endpoints.approveVendor, reject: endpoints.rejectVendor, suspend: endpoints.suspendVendor, unsuspend: endpoints.unsuspendVendor };
const reason = 'The identity document is unreadable.';
/** A rejection's body: the reason and the steps to fix. */
const rejection = { reason, steps: ['documents' as const] };

describe('who may call the operator endpoints', () => {
  const adminEndpoints = Object.values(endpoints).filter((e) => e.path.startsWith('/admin/'));
  const bodies: Record<string, object | undefined> = { GET: undefined, POST: { ...rejection, note: '' } };

  it('covers the twelve operator endpoints of the contract (vendors and support)', () => {
    expect(adminEndpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'GET /admin/support-requests/',
      'GET /admin/vendors/',
      'GET /admin/vendors/{id}/',
      'GET /admin/vendors/{id}/photos/',
      'POST /admin/support-requests/{id}/answer/',
      'POST /admin/support-requests/{id}/close/',
      'POST /admin/support-requests/{id}/reopen/',
      'POST /admin/vendors/{id}/approve/',
      'POST /admin/vendors/{id}/photos/{photo_id}/take-down/',
      'POST /admin/vendors/{id}/reject/',
      'POST /admin/vendors/{id}/suspend/',
      'POST /admin/vendors/{id}/unsuspend/',
    ]);
  });

  it('refuses a visitor with 401 and a signed-in non-operator (a customer or a vendor) with 403 on every one, changing nothing', async () => {
    const customer = await person();
    const approved = await vendor({ kycStatus: 'approved' });
    const pending = await vendor({ kycStatus: 'pending' });
    for (const endpoint of adminEndpoints) {
      const path = `/api${endpoint.path.replace('{id}', pending.vendorId)}`;
      const body = bodies[endpoint.method];
      const visitor = await call(endpoint.method as Method, path, undefined, body);
      expect(visitor.statusCode, `${endpoint.method} ${path}`).toBe(401);
      for (const who of [customer, approved, pending]) {
        const res = await call(endpoint.method as Method, path, who.access, body);
        expect(res.statusCode, `${endpoint.method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Only marketplace operators can do this.', code: 'FORBIDDEN' });
      }
    }
    expect(await vendorRow(pending.vendorId)).toMatchObject({ kycStatus: 'pending', isApproved: false, isSuspended: false });
    expect(await decisionRows(pending.vendorId)).toEqual([]);
  });

  it('reads the operator role from the database on every call, not from the token', async () => {
    const someone = await person();
    expect((await inject(t.app, endpoints.adminVendors, { access: someone.access })).statusCode).toBe(403);
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, someone.user.id));
    expect((await inject(t.app, endpoints.adminVendors, { access: someone.access })).statusCode).toBe(200);
    await t.database.db.update(users).set({ isOperator: false }).where(eq(users.id, someone.user.id));
    expect((await inject(t.app, endpoints.adminVendors, { access: someone.access })).statusCode).toBe(403);
  });

  it('tells the web app through the profile whether the account is an operator', async () => {
    const op = await operator();
    const customer = await person();
    expect((await inject(t.app, endpoints.profile, { access: op.access })).json().is_operator).toBe(true);
    expect((await inject(t.app, endpoints.profile, { access: customer.access })).json().is_operator).toBe(false);
  });
});

describe('GET /api/admin/vendors/', () => {
  const tag = () => `Q${randomBytes(3).toString('hex')}`;
  const names = async (access: string, query: InjectQuery<typeof endpoints.adminVendors>) => {
    const res = await inject(t.app, endpoints.adminVendors, { query, access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results.map((r) => r.business_name);
  };

  it('queues pending applications oldest submission first, by default', async () => {
    const op = await operator();
    const q = tag();
    const base = clock().getTime();
    await vendor({ kycStatus: 'pending', name: `${q} middle`, submittedAt: new Date(base - 2 * 3600_000) });
    await vendor({ kycStatus: 'pending', name: `${q} newest`, submittedAt: new Date(base - 1 * 3600_000) });
    await vendor({ kycStatus: 'pending', name: `${q} oldest`, submittedAt: new Date(base - 3 * 3600_000) });
    await vendor({ kycStatus: 'approved', name: `${q} live` });
    expect(await names(op.access, { q })).toEqual([`${q} oldest`, `${q} middle`, `${q} newest`]);
    expect(await names(op.access, { status: 'pending', q })).toEqual([`${q} oldest`, `${q} middle`, `${q} newest`]);
  });

  it('filters by status, newest vendor first, and describes each vendor with its owner\'s contacts', async () => {
    const op = await operator();
    const q = tag();
    const live = await vendor({ kycStatus: 'approved', name: `${q} live` });
    await vendor({ kycStatus: 'rejected', name: `${q} rejected` });
    await vendor({ kycStatus: 'approved', isSuspended: true, name: `${q} suspended` });
    await vendor({ kycStatus: 'not_submitted', name: `${q} draft` });
    // An approved vendor's reapplication under review: still live, and in the queue.
    await vendor({ kycStatus: 'pending', isApproved: true, name: `${q} reapplying` });
    expect(await names(op.access, { status: 'approved', q })).toEqual([`${q} reapplying`, `${q} live`]);
    expect(await names(op.access, { status: 'rejected', q })).toEqual([`${q} rejected`]);
    expect(await names(op.access, { status: 'suspended', q })).toEqual([`${q} suspended`]);
    expect(await names(op.access, { status: 'not_submitted', q })).toEqual([`${q} draft`]);
    expect(await names(op.access, { status: 'pending', q })).toEqual([`${q} reapplying`]);
    expect(await names(op.access, { status: 'all', q })).toEqual([`${q} reapplying`, `${q} draft`, `${q} suspended`, `${q} rejected`, `${q} live`]);

    const res = (await inject(t.app, endpoints.adminVendors, { query: { status: 'approved', q: `${q} live` }, access: op.access })).json();
    expect(res).toMatchObject({ count: 1, page: 1, page_size: 20 });
    expect(res.results[0]).toEqual({
      id: live.vendorId,
      user_id: live.user.id,
      business_name: `${q} live`,
      category: '',
      owner_email: live.email,
      owner_phone: live.user.phoneNumber,
      kyc_status: 'approved',
      is_approved: true,
      is_suspended: false,
      submitted_at: expect.any(String),
      created_at: expect.any(String),
    });
  });

  it('searches the business name, the owner\'s e-mail and the owner\'s phone number', async () => {
    const op = await operator();
    const q = tag();
    const a = await vendor({ kycStatus: 'pending', name: `${q} Bakery` });
    const b = await vendor({ kycStatus: 'pending', name: `${q} Florist` });
    const ids = async (query: InjectQuery<typeof endpoints.adminVendors>) =>
      (await inject(t.app, endpoints.adminVendors, { query: { status: 'all', ...query }, access: op.access })).json().results.map((r) => r.id);
    expect(await ids({ q: `${q} bak` })).toEqual([a.vendorId]);
    expect(await ids({ q: b.email.toUpperCase() })).toEqual([b.vendorId]);
    const phone = b.user.phoneNumber ?? '';
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`;
    expect(await ids({ q: spaced })).toEqual([b.vendorId]);
    // LIKE's wildcards are searched as characters.
    expect(await ids({ q: `${q}%` })).toEqual([]);
  });

  it('pages the results and counts them all', async () => {
    const op = await operator();
    const q = tag();
    for (let i = 0; i < 5; i += 1) await vendor({ kycStatus: 'pending', name: `${q} ${i}`, submittedAt: new Date(clock().getTime() - (10 - i) * 60_000) });
    const page2 = (await inject(t.app, endpoints.adminVendors, { query: { q, page: 2, page_size: 2 }, access: op.access })).json();
    expect(page2).toMatchObject({ count: 5, page: 2, page_size: 2 });
    expect(page2.results.map((r) => r.business_name)).toEqual([`${q} 2`, `${q} 3`]);
    const bad = await inject(t.app, endpoints.adminVendors, { query: raw({ status: 'everything' }), access: op.access });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields).toHaveProperty('status');
  });
});

describe('GET /api/admin/vendors/{id}/', () => {
  it('shows the vendor\'s whole record, its owner and its decisions, newest first', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    await t.database.db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, v.user.id));
    expect((await inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: { note: 'Looks good.' } })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await inject(t.app, endpoints.suspendVendor, { params: { id: v.vendorId }, access: op.access, body: { reason: 'Complaints about fake deals.' } })).statusCode).toBe(200);

    const res = await inject(t.app, endpoints.adminVendor, { params: { id: v.vendorId }, access: op.access });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: v.vendorId,
      user_id: v.user.id,
      kyc_status: 'approved',
      is_approved: true,
      is_suspended: true,
      owner: { id: v.user.id, email: v.email, phone_number: v.user.phoneNumber, name: 'Ada Lovelace' },
      documents: [],
      bank_details: null,
    });
    expect(detail.decisions).toEqual([
      { id: expect.any(String), decision: 'suspended', reason: 'Complaints about fake deals.', steps: [], operator_email: op.email, created_at: expect.any(String) },
      { id: expect.any(String), decision: 'approved', reason: 'Looks good.', steps: [], operator_email: op.email, created_at: expect.any(String) },
    ]);
  });

  it('answers 404 for a vendor that does not exist and 400 for a malformed id', async () => {
    const op = await operator();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await inject(t.app, endpoints.adminVendor, { params: { id: missing }, access: op.access })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.approveVendor, { params: { id: missing }, access: op.access, body: {} })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.suspendVendor, { params: { id: missing }, access: op.access, body: { reason } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.adminVendor, { params: { id: 'not-a-uuid' }, access: op.access })).statusCode).toBe(400);
  });
});

describe('operator decisions', () => {
  it('approves a pending vendor: live, approved now, reason cleared, recorded, and the vendor is told', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    await t.database.db.update(vendors).set({ rejectionReason: 'From an earlier review.' }).where(eq(vendors.id, v.vendorId));
    const res = await inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: v.vendorId, kyc_status: 'approved', is_approved: true, rejection_reason: null, approved_at: clock().toISOString() });
    expect(await decisionRows(v.vendorId)).toEqual([expect.objectContaining({ operatorId: op.user.id, decision: 'approved', reason: '' })]);
    const [note] = await notificationsOf(v.access);
    expect(note).toMatchObject({ notification_type: 'vendor_approved', title: 'Your vendor account is approved', data: { decision: 'approved', vendor_id: v.vendorId }, target: { kind: 'vendor_application' } });
    expect(note?.body).toContain('You can now post deals');
    // The vendor's own view follows at once.
    expect((await inject(t.app, endpoints.profile, { access: v.access })).json()).toMatchObject({ is_approved: true, kyc_status: 'approved' });
  });

  it('rejects a pending vendor with a reason the vendor reads; the shop stays off', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    const res = await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: { reason: `  ${reason}  `, steps: ['documents'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kyc_status: 'rejected', is_approved: false, rejection_reason: reason });
    expect(await decisionRows(v.vendorId)).toEqual([expect.objectContaining({ operatorId: op.user.id, decision: 'rejected', reason })]);
    const [note] = await notificationsOf(v.access);
    expect(note).toMatchObject({ notification_type: 'vendor_rejected', title: 'Your vendor application needs changes' });
    expect(note?.body).toContain(reason);
    expect(note?.body).not.toContain('stays live');
  });

  it('records the steps a rejection asks to fix with the decision, in step order, shows them to the vendor and names them in the notice', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    const res = await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: { reason, steps: ['bank_details', 'documents', 'bank_details'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rejection_steps: ['documents', 'bank_details'] });
    expect(res.json().decisions[0]).toMatchObject({ decision: 'rejected', reason, steps: ['documents', 'bank_details'] });
    expect(await decisionRows(v.vendorId)).toEqual([expect.objectContaining({ decision: 'rejected', steps: ['documents', 'bank_details'] })]);
    expect(await vendorRow(v.vendorId)).toMatchObject({ rejectionSteps: ['documents', 'bank_details'] });
    // The vendor reads them on its own record and dashboard; nobody else's record carries them.
    expect((await inject(t.app, endpoints.myVendor, { access: v.access })).json()).toMatchObject({ kyc_status: 'rejected', rejection_steps: ['documents', 'bank_details'] });
    expect((await inject(t.app, endpoints.vendorDashboard, { access: v.access })).json().vendor).toMatchObject({ rejection_steps: ['documents', 'bank_details'] });
    const [note] = await notificationsOf(v.access);
    expect(note?.body).toBe(`The review of ${(await vendorRow(v.vendorId))?.businessName} was not approved. Reason: ${reason} To fix: Documents and Bank details. Please fix this and submit again.`);
    expect(note?.data).toMatchObject({ decision: 'rejected', steps: ['documents', 'bank_details'] });
  });

  it('refuses a rejection without steps, with an unknown step or with more than five, naming the field (400), and records nothing', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    const bodies = [
      { reason },
      { reason, steps: [] },
      { reason, steps: ['payment'] },
      { reason, steps: 'documents' },
      { reason, steps: ['basic_info', 'documents', 'bank_details', 'service_time', 'addresses', 'documents'] },
    ];
    for (const body of bodies) {
      const res = await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: raw(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.error().fields ?? {}).some((field) => field.startsWith('steps')), JSON.stringify(res.error())).toBe(true);
    }
    expect((await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: raw({ reason, steps: [] }) })).error().fields).toEqual({
      steps: 'Choose at least one step for the vendor to fix.',
    });
    expect(await vendorRow(v.vendorId)).toMatchObject({ kycStatus: 'pending', rejectionSteps: [] });
    expect(await decisionRows(v.vendorId)).toEqual([]);
    expect(await notificationsOf(v.access)).toEqual([]);
  });

  it('clears the steps to fix when the vendor submits again and when it is approved; other decisions never carry steps', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    expect((await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: { reason, steps: ['addresses'] } })).statusCode).toBe(200);
    // Resubmitting (here straight in the table: this account's KYC steps are not filled in) empties them, as submitKyc does.
    await t.database.db.update(vendors).set({ kycStatus: 'pending', rejectionReason: null, rejectionSteps: [] }).where(eq(vendors.id, v.vendorId));
    const approved = await inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: raw({ note: 'Fine now.', steps: ['documents'] }) });
    expect(approved.json()).toMatchObject({ kyc_status: 'approved', rejection_steps: [] });
    expect((await decisionRows(v.vendorId)).map((d) => [d.decision, d.steps])).toEqual(expect.arrayContaining([['rejected', ['addresses']], ['approved', []]]));
    // The database holds the rule too: steps only on a rejection, on the vendor only while rejected.
    const error = await t.database.db.update(vendors).set({ rejectionSteps: ['documents'] }).where(eq(vendors.id, v.vendorId)).then(() => null, (e: unknown) => e);
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/vendors_rejection_steps_only_when_rejected/);
  });

  it('refuses an operator rejecting their own vendor account, steps or not, and keeps nothing of it', async () => {
    const op = await vendor({ kycStatus: 'pending' });
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, op.user.id));
    const res = await inject(t.app, endpoints.rejectVendor, { params: { id: op.vendorId }, access: op.access, body: { reason, steps: ['documents'] } });
    expect(res.statusCode).toBe(403);
    expect(await vendorRow(op.vendorId)).toMatchObject({ kycStatus: 'pending', rejectionSteps: [] });
    expect(await decisionRows(op.vendorId)).toEqual([]);
  });

  it('rejects an approved vendor\'s reapplication and keeps the shop live', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending', isApproved: true });
    const res = await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: rejection });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kyc_status: 'rejected', is_approved: true, rejection_reason: reason });
    const [note] = await notificationsOf(v.access);
    expect(note?.body).toContain(reason);
    expect(note?.body).toContain('Your shop stays live');
  });

  it('tells an approved vendor whose reapplication is approved that the changes are approved', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending', isApproved: true, name: 'Corner Deli' });
    await t.database.db.update(vendors).set({ approvedAt: new Date(clock().getTime() - 86_400_000) }).where(eq(vendors.id, v.vendorId));
    expect((await inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: { note: 'New opening hours are fine.' } })).statusCode).toBe(200);
    const [note] = await notificationsOf(v.access);
    expect(note).toMatchObject({
      notification_type: 'vendor_approved',
      title: 'Your changes are approved',
      body: 'The updated details of Corner Deli are approved. Note from the reviewer: New opening hours are fine.',
    });
  });

  it('approves or rejects only a pending application: anything else is a 409 saying why, and nothing is recorded', async () => {
    const op = await operator();
    const cases = [
      { state: 'not_submitted', message: 'This vendor has not submitted its KYC for review yet.' },
      { state: 'approved', message: 'This vendor is already approved: there is no application waiting for review.' },
      { state: 'rejected', message: 'This application was already rejected: the vendor must fix it and submit it again before another review.' },
    ] as const;
    for (const { state, message } of cases) {
      const v = await vendor({ kycStatus: state });
      const before = await vendorRow(v.vendorId);
      for (const [action, body] of [['approve', {}], ['reject', rejection]] as const) {
        const res = await inject(t.app, decisions[action], { params: { id: v.vendorId }, access: op.access, body });
        expect(res.statusCode, `${action} ${state}`).toBe(409);
        expect(res.error()).toEqual({ error: message, code: 'VENDOR_NOT_PENDING' });
      }
      expect(await vendorRow(v.vendorId)).toEqual(before);
      expect(await decisionRows(v.vendorId)).toEqual([]);
      expect(await notificationsOf(v.access)).toEqual([]);
    }
  });

  it('suspends a vendor and puts it back, refusing a second suspension or lifting one that is not there (409)', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'approved' });
    const lift = await inject(t.app, endpoints.unsuspendVendor, { params: { id: v.vendorId }, access: op.access, body: {} });
    expect(lift.statusCode).toBe(409);
    expect(lift.error()).toEqual({ error: 'This vendor is not suspended.', code: 'VENDOR_NOT_SUSPENDED' });

    const suspended = await inject(t.app, endpoints.suspendVendor, { params: { id: v.vendorId }, access: op.access, body: { reason: 'Reported for selling counterfeits.' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // Suspension hides the shop; approval and KYC stay what they were.
    expect(suspended.json()).toMatchObject({ is_suspended: true, is_approved: true, kyc_status: 'approved' });
    const again = await inject(t.app, endpoints.suspendVendor, { params: { id: v.vendorId }, access: op.access, body: { reason: 'Reported for selling counterfeits.' } });
    expect(again.statusCode).toBe(409);
    expect(again.error()).toEqual({ error: 'This vendor is already suspended.', code: 'VENDOR_ALREADY_SUSPENDED' });

    const back = await inject(t.app, endpoints.unsuspendVendor, { params: { id: v.vendorId }, access: op.access, body: { note: 'Cleared after review.' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ is_suspended: false, is_approved: true });

    const rows = await decisionRows(v.vendorId);
    expect(rows.map((r) => [r.decision, r.reason, r.operatorId])).toEqual(
      expect.arrayContaining([
        ['suspended', 'Reported for selling counterfeits.', op.user.id],
        ['unsuspended', 'Cleared after review.', op.user.id],
      ]),
    );
    expect(rows).toHaveLength(2);
    const [unsuspendedNote, suspendedNote] = await notificationsOf(v.access);
    expect(suspendedNote).toMatchObject({ notification_type: 'vendor_suspended', title: 'Your shop is suspended' });
    expect(suspendedNote?.body).toContain('Reported for selling counterfeits.');
    expect(unsuspendedNote).toMatchObject({ notification_type: 'vendor_unsuspended', title: 'Your shop is back' });
    expect(unsuspendedNote?.body).toContain('Cleared after review.');
  });

  it('asks for a reason of at least 5 characters to reject or suspend', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    for (const action of ['reject', 'suspend'] as const) {
      for (const body of [{}, { reason: '  no ' }]) {
        const res = await inject(t.app, decisions[action], { params: { id: v.vendorId }, access: op.access, body: raw(body) });
        expect(res.statusCode).toBe(400);
        expect(res.error().fields).toHaveProperty('reason');
      }
    }
    expect(await decisionRows(v.vendorId)).toEqual([]);
  });

  it('refuses an operator deciding on their own vendor account, undoing the change', async () => {
    const op = await vendor({ kycStatus: 'pending' });
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, op.user.id));
    const res = await inject(t.app, endpoints.approveVendor, { params: { id: op.vendorId }, access: op.access, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.error().error).toBe('You cannot decide on your own vendor account; ask another operator.');
    expect(await vendorRow(op.vendorId)).toMatchObject({ kycStatus: 'pending', isApproved: false });
    expect(await decisionRows(op.vendorId)).toEqual([]);
  });

  it('of two operators approving the same application at once, exactly one succeeds and the other gets 409', async () => {
    const [first, second] = [await operator(), await operator()];
    for (let round = 0; round < 3; round += 1) {
      const v = await vendor({ kycStatus: 'pending' });
      const answers = await Promise.all([first, second].map((op) => inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: op.access, body: {} })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await decisionRows(v.vendorId)).toHaveLength(1);
      const notes = await notificationsOf(v.access);
      expect(notes.filter((n) => n.notification_type === 'vendor_approved')).toHaveLength(1);
    }
  });

  it('of an approval and a rejection at once, exactly one is recorded', async () => {
    const [first, second] = [await operator(), await operator()];
    const v = await vendor({ kycStatus: 'pending' });
    const [approve, reject] = await Promise.all([
      inject(t.app, endpoints.approveVendor, { params: { id: v.vendorId }, access: first.access, body: {} }),
      inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: second.access, body: rejection }),
    ]);
    expect([approve?.statusCode, reject?.statusCode].sort()).toEqual([200, 409]);
    const rows = await decisionRows(v.vendorId);
    expect(rows).toHaveLength(1);
    expect((await vendorRow(v.vendorId))?.kycStatus).toBe(rows[0]?.decision);
  });
});

describe('the whole KYC state machine, through the vendor\'s and the operator\'s endpoints', () => {
  async function uploadIdentity(access: string) {
    const form = new FormData();
    form.append('kind', 'identity');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'white' } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'passport.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = encoded({ payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' });
    return inject(t.app, endpoints.uploadVendorDocument, { access, body });
  }

  it('goes submit → reject → fix and resubmit → approve, then a rejected reapplication keeps the shop live', async () => {
    const op = await operator();
    const someone = await person();
    const name = `KYC ${randomBytes(3).toString('hex')}`;
    const ok = (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);
    const basicInfo: BasicInfoInput = { business_name: name, category: 'Food & Drink', description: 'Fresh bread.', logo: null, contact_email: 'bakery@example.test', contact_phone: '+15551230000' };

    const created = await inject(t.app, endpoints.saveBasicInfo, { access: someone.access, body: basicInfo });
    ok(created);
    const vendorId = created.json().id;
    ok(await uploadIdentity(someone.access), 201);
    ok(await inject(t.app, endpoints.saveBankDetails, { access: someone.access, body: { account_holder: 'Bakery LLC', bank_name: 'First Bank', routing_number: '011000015', account_number: '123456789012' } }));
    ok(await inject(t.app, endpoints.saveServiceTime, { access: someone.access, body: { time_zone: 'America/New_York', hours: [{ weekday: 1, opens: '08:00', closes: '16:00' }] } }));
    ok(
      await inject(t.app, endpoints.addVendorAddress, { access: someone.access, body: { line1: '350 5th Ave', city: 'New York', country: 'United States', latitude: 40.7484, longitude: -73.9857 } }),
      201,
    );
    const status = async () => (await inject(t.app, endpoints.vendorStatus, { params: { id: vendorId }, access: someone.access })).json();

    // Nothing to review before the vendor submits.
    expect((await inject(t.app, endpoints.approveVendor, { params: { id: vendorId }, access: op.access, body: {} })).statusCode).toBe(409);
    ok(await inject(t.app, endpoints.submitKyc, { access: someone.access }));
    expect(await status()).toEqual({ is_approved: false, kyc_status: 'pending', is_suspended: false });

    // The operator finds it in the queue, with its documents (which an operator may open) and masked bank details.
    const queue = (await inject(t.app, endpoints.adminVendors, { query: { q: name }, access: op.access })).json();
    expect(queue.results.map((r) => r.id)).toEqual([vendorId]);
    const detail = (await inject(t.app, endpoints.adminVendor, { params: { id: vendorId }, access: op.access })).json();
    expect(detail).toMatchObject({ kyc_status: 'pending', steps: { basic_info: true, documents: true, bank_details: true, service_time: true, addresses: true } });
    expect(detail.bank_details?.account_number_masked).toBe('•••• 9012');
    expect(JSON.stringify(detail)).not.toContain('123456789012');
    expect((await call('GET', detail.documents[0]?.url ?? '', op.access)).statusCode).toBe(200);

    // Rejected with a reason the vendor reads; the vendor fixes and resubmits.
    ok(await inject(t.app, endpoints.rejectVendor, { params: { id: vendorId }, access: op.access, body: { reason, steps: ['documents', 'basic_info'] } }));
    expect(await status()).toEqual({ is_approved: false, kyc_status: 'rejected', is_suspended: false });
    expect((await inject(t.app, endpoints.myVendor, { access: someone.access })).json()).toMatchObject({
      kyc_status: 'rejected',
      rejection_reason: reason,
      rejection_steps: ['basic_info', 'documents'],
    });
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: someone.access, body: { ...basicInfo, description: 'Fresh bread, baked at dawn.' } }));
    const resubmitted = await inject(t.app, endpoints.submitKyc, { access: someone.access });
    ok(resubmitted);
    expect(resubmitted.json()).toMatchObject({ kyc_status: 'pending', rejection_reason: null, rejection_steps: [] });

    // Approved: the shop is live and the account is a vendor for the web app.
    ok(await inject(t.app, endpoints.approveVendor, { params: { id: vendorId }, access: op.access, body: {} }));
    expect(await status()).toEqual({ is_approved: true, kyc_status: 'approved', is_suspended: false });
    expect((await inject(t.app, endpoints.profile, { access: someone.access })).json()).toMatchObject({ vendor_id: vendorId, is_approved: true, kyc_status: 'approved' });

    // A change goes back to review while the shop stays live, and stays live when it is rejected.
    ok(await inject(t.app, endpoints.saveBasicInfo, { access: someone.access, body: { ...basicInfo, business_name: `${name} & Sons` } }));
    ok(await inject(t.app, endpoints.submitKyc, { access: someone.access }));
    expect(await status()).toEqual({ is_approved: true, kyc_status: 'pending', is_suspended: false });
    ok(await inject(t.app, endpoints.rejectVendor, { params: { id: vendorId }, access: op.access, body: { reason: 'The new name is not yours to use.', steps: ['basic_info'] } }));
    expect(await status()).toEqual({ is_approved: true, kyc_status: 'rejected', is_suspended: false });
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: someone.user.id } })).json().business_name).toBe(name);

    const history = (await inject(t.app, endpoints.adminVendor, { params: { id: vendorId }, access: op.access })).json().decisions;
    expect(history.map((d) => [d.decision, d.operator_email])).toEqual([
      ['rejected', op.email],
      ['approved', op.email],
      ['rejected', op.email],
    ]);
    const kinds = (await notificationsOf(someone.access)).map((n) => n.notification_type);
    expect(kinds.filter((k) => k.startsWith('vendor_') && k !== 'vendor_kyc')).toEqual(['vendor_rejected', 'vendor_approved', 'vendor_rejected']);
  });
});

describe('the vendor\'s notification of a decision', () => {
  const openVendorSocket = async (access: string) => openSocket(host, (await inject(t.app, endpoints.wsTicket, { access })).json().ticket);

  it('is pushed to the vendor\'s socket once the decision commits, with word that the vendor\'s status changed', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    const { socket, events } = await openVendorSocket(v.access);
    expect((await inject(t.app, endpoints.rejectVendor, { params: { id: v.vendorId }, access: op.access, body: rejection })).statusCode).toBe(200);
    expect(await until(() => events().length === 2)).toBe(true);
    expect(events()).toEqual([
      expect.objectContaining({ type: 'notification', notification_type: 'vendor_rejected' }),
      { type: 'vendor_status', vendor_id: v.vendorId },
    ]);
    // Approval, suspension and its end change the status too: each one is pushed.
    for (const decision of ['suspend', 'unsuspend'] as const) {
      expect((await inject(t.app, decisions[decision], { params: { id: v.vendorId }, access: op.access, body: { reason } })).statusCode).toBe(200);
    }
    expect(await until(() => events().length === 6)).toBe(true);
    expect(events().filter((e) => e.type === 'vendor_status')).toHaveLength(3);
    socket.close();
  });

  it('is neither pushed nor kept when the decision\'s transaction rolls back, and a refused decision pushes nothing', async () => {
    const op = await operator();
    const v = await vendor({ kycStatus: 'pending' });
    const { socket, frames } = await openVendorSocket(v.access);
    await expect(
      t.database.db.transaction(async (tx) => {
        await decide(tx, clock, { operatorId: op.user.id, vendorId: v.vendorId, decision: 'approved', reason: '' });
        throw new Error('something after the decision failed');
      }),
    ).rejects.toThrow('something after the decision failed');
    expect((await inject(t.app, endpoints.unsuspendVendor, { params: { id: v.vendorId }, access: op.access, body: {} })).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(frames).toEqual([]);
    expect(await vendorRow(v.vendorId)).toMatchObject({ kycStatus: 'pending', isApproved: false });
    expect(await decisionRows(v.vendorId)).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, v.user.id))).toEqual([]);
    socket.close();
  });
});

describe('the admin commands', () => {
  /** Runs a command line on the test database, as `npm run admin -- …` would, and answers its exit code and lines. */
  async function admin(args: string[]) {
    const command = parseAdminArgs(args);
    if ('usage' in command) return { code: 2, stdout: '', stderr: command.usage };
    let stdout = '';
    let stderr = '';
    const code = await runAdminCommand(t.database.db, command, { out: (text) => (stdout += `${text}\n`), err: (text) => (stderr += `${text}\n`) });
    return { code, stdout, stderr };
  }
  const isOperator = async (id: string) => (await t.database.db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, id)))[0]?.isOperator;

  it('promote an existing account to operator (idempotently), refuse an unknown e-mail, and take the role away', async () => {
    const account = await createAccount(t.database);

    const unknown = await admin(['create-operator', 'nobody@example.test']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No active account uses the e-mail nobody@example.test. Sign up with it first, then run this again.');

    const promoted = await admin(['create-operator', account.email.toUpperCase()]);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`${account.email} is now an operator`);
    expect(await isOperator(account.user.id)).toBe(true);
    const again = await admin(['create-operator', account.email]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${account.email} is already an operator.`);
    expect((await admin(['list-operators'])).stdout.split('\n')).toContain(account.email);

    const removed = await admin(['remove-operator', account.email]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`${account.email} is no longer an operator.`);
    expect(await isOperator(account.user.id)).toBe(false);
    expect((await admin(['remove-operator', account.email])).stdout).toContain(`${account.email} is not an operator.`);
  });

  it('answer the usage with exit code 2 for an unknown command, a missing e-mail and one that is not an address', async () => {
    for (const args of [['make-me-admin'], [], ['create-operator'], ['remove-operator', 'not-an-address']]) {
      const answer = await admin(args);
      expect(answer.code, args.join(' ')).toBe(2);
      expect(answer.stderr).toContain('create-operator <email>');
    }
    expect((await admin(['create-operator'])).stderr).toContain('Give the account\'s e-mail address.');
    expect((await admin(['remove-operator', 'not-an-address'])).stderr).toContain('"not-an-address" is not an e-mail address.');
  });
});

describe('npm run admin', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

  function runAdmin(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  /** A migrated database the CLI opens as the server would: DATABASE_URL on PostgreSQL, else PGlite under DATA_DIR. */
  async function databaseForCli(dataDir: string): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
    const databaseUrl = await freshDatabaseUrl();
    if (databaseUrl) return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, open: async () => openPostgres(databaseUrl, 1) };
    await migratedDataDir(dataDir);
    return { env: { DATA_DIR: dataDir }, open: () => openPglite({ dataDir: path.join(dataDir, 'pglite') }) };
  }

  // The commands are proved above, in this process; here the command line itself, once: the npm script, the server's
  // configuration (DATABASE_URL, else DATA_DIR), the change made on that database, the line printed and the exit code.
  // npm run admin refused while a server holds the embedded database: test/data-dir-lock.test.ts.
  it('makes an account an operator on the database the server uses, says so, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-admin-cli-'));
    try {
      const { env, open } = await databaseForCli(dataDir);
      let database = await open();
      const account = await createAccount(database);
      await database.close();

      const promoted = await runAdmin(['create-operator', account.email], env);
      expect(promoted.code, promoted.stderr).toBe(0);
      expect(promoted.stdout).toContain(`${account.email} is now an operator`);

      database = await open();
      const [row] = await database.db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, account.user.id));
      expect(row?.isOperator).toBe(true);
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
