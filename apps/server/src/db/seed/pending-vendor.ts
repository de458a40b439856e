import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { DocumentKind } from '@localloop/contract';
import type { Tx } from '../client.ts';
import { users, vendorBankAccounts, vendorDocuments, vendors } from '../schema.ts';
import type { PrivateStorage } from '../../lib/storage.ts';
import { claimSeedKeys } from './keys.ts';

export const PENDING_VENDOR = 'pending@example.com';

type DemoDocument = { kind: DocumentKind; fileName: string; title: string; lines: string[] };

/** What a real applicant sends: an identity document and the business's registration, both marked as demo papers. */
const pendingDocuments: DemoDocument[] = [
  {
    kind: 'identity',
    fileName: 'passport-jordan-ellis.pdf',
    title: 'Passport (demo)',
    lines: ['Surname: ELLIS', 'Given names: JORDAN', 'Nationality: United States of America', 'Passport no.: X0000000 (not a real number)', 'Date of expiry: 12 MAR 2031'],
  },
  {
    kind: 'business_registration',
    fileName: 'brooklyn-bike-repair-registration.pdf',
    title: 'Certificate of Assumed Name (demo)',
    lines: ['Business name: Brooklyn Bike Repair', 'Owner: Jordan Ellis', 'Address: 412 Nostrand Ave, Brooklyn, NY 11216', 'County: Kings', 'Filed: 04 FEB 2025'],
  },
];

/** A one-page PDF made here (nothing is downloaded), plainly labelled as demo data. */
async function demoPdf(document: DemoDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(document.title);
  pdf.setProducer('LocalLoop demo data');
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(document.title, { x: 60, y: 760, size: 22, font: bold, color: rgb(0.06, 0.3, 0.3) });
  document.lines.forEach((line, index) => page.drawText(line, { x: 60, y: 710 - index * 26, size: 13, font: regular }));
  page.drawText('DEMO DOCUMENT - not a real identity or registration.', { x: 60, y: 120, size: 12, font: bold, color: rgb(0.7, 0.1, 0.1) });
  return Buffer.from(await pdf.save());
}

/**
 * The demo vendor waiting for review (accounts.ts, completed with an address and hours in vendors.ts) gets what a real
 * pending application has: its payout account and its documents, kept in private storage like uploaded ones. Once,
 * like the rest of the seed (a claimed key), and never over what is already there. Without private storage (a seed
 * that was not given one) nothing is claimed, so a later run with storage still adds them. Returns documents added.
 */
export async function seedPendingVendorKyc(tx: Tx, documents: PrivateStorage | undefined): Promise<number> {
  if (!documents) return 0;
  const key = `vendor-kyc:${PENDING_VENDOR}`;
  if (!(await claimSeedKeys(tx, [key])).has(key)) return 0;
  const [vendor] = await tx
    .select({ id: vendors.id, businessName: vendors.businessName })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(eq(users.email, PENDING_VENDOR));
  if (!vendor) return 0;

  // JPMorgan Chase's public routing number (its checksum holds) and a made-up account number.
  await tx
    .insert(vendorBankAccounts)
    .values({ vendorId: vendor.id, accountHolder: vendor.businessName, bankName: 'JPMorgan Chase', kind: 'us_account', routingNumber: '021000021', accountNumber: '000987654321' })
    .onConflictDoNothing();

  const held = await tx.select({ id: vendorDocuments.id }).from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendor.id)).limit(1);
  if (held.length > 0) return 0;
  // Uploaded a little before the application was sent, a minute apart (so they list in this order).
  const uploadedFrom = Date.now() - 60 * 60 * 1000;
  for (const [index, document] of pendingDocuments.entries()) {
    const bytes = await demoPdf(document);
    const id = randomUUID();
    const storageKey = `documents/${vendor.id}/${id}.pdf`;
    await documents.put(storageKey, bytes, 'application/pdf');
    await tx.insert(vendorDocuments).values({
      id,
      vendorId: vendor.id,
      kind: document.kind,
      fileName: document.fileName,
      contentType: 'application/pdf',
      bytes: bytes.length,
      storageKey,
      createdAt: new Date(uploadedFrom + index * 60_000),
    });
  }
  return pendingDocuments.length;
}
