import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DecisionReasonInput } from './admin.ts';
import { ChangePasswordInput, ContactChangeInput, ProfileUpdateInput } from './account.ts';
import { ForgotPasswordInput, LoginInput, PhoneLoginInput, RegisterInput, ResetPasswordInput } from './auth.ts';
import { IdParams, PageQuery } from './common.ts';
import { RateVendorInput } from './directory.ts';
import { BankDetailsInput, BasicInfoInput } from './vendors.ts';

/** The message a form shows under each field (the first issue of each path, as the forms and the server take it). */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('form messages in the person’s words', () => {
  it('says which field is empty, not how long it must be', () => {
    expect(messagesOf(RegisterInput, { email: '', phone_number: '', username: '', password: '' })).toEqual({
      email: 'Enter your e-mail address.',
      phone_number: 'Enter your phone number.',
      username: 'Choose a username.',
      password: 'Choose a password.',
    });
    expect(messagesOf(LoginInput, { email: ' ', password: '' })).toEqual({ email: 'Enter your e-mail address.', password: 'Enter your password.' });
    expect(messagesOf(ForgotPasswordInput, { email: '' })).toEqual({ email: 'Enter your e-mail address.' });
    expect(messagesOf(PhoneLoginInput, { phone_number: '' })).toEqual({ phone_number: 'Enter your phone number.' });
    expect(messagesOf(ResetPasswordInput, { reset_token: 't', password: '' })).toEqual({ password: 'Choose a new password.' });
    expect(messagesOf(ChangePasswordInput, { current_password: '', new_password: '' })).toEqual({
      current_password: 'Enter your current password.',
      new_password: 'Choose a new password.',
    });
    expect(messagesOf(BasicInfoInput, { business_name: '', category: '', contact_email: '', contact_phone: '' })).toEqual({
      business_name: 'Enter your business name.',
      category: 'Choose a category.',
      contact_email: 'Enter the e-mail address customers can write to.',
      contact_phone: 'Enter the phone number customers can call.',
    });
    expect(messagesOf(BankDetailsInput, { account_holder: '', bank_name: '' })).toMatchObject({
      account_holder: 'Enter the name on the account.',
      bank_name: 'Enter the bank\'s name.',
    });
    expect(messagesOf(DecisionReasonInput, { reason: '' })).toEqual({ reason: 'Give the vendor a reason.' });
  });

  it('says what is wrong with a value that is there', () => {
    expect(messagesOf(RegisterInput, { email: 'sam@', phone_number: '+1 555', username: 'sa', password: 'short' })).toEqual({
      email: 'Enter a valid e-mail address.',
      phone_number: 'This number is too short.',
      username: 'Use at least 3 characters.',
      password: 'Use at least 8 characters.',
    });
    expect(messagesOf(ProfileUpdateInput, { first_name: 'x'.repeat(61) })).toEqual({ first_name: 'Use at most 60 characters.' });
    expect(messagesOf(RateVendorInput, { vendor_id: 'x', comment: 'x'.repeat(1001) })).toEqual({
      vendor_id: 'Unknown vendor.',
      rating: 'Choose 1 to 5 stars.',
      comment: 'Use at most 1000 characters.',
    });
  });

  it('refuses a 255-character e-mail address in words, not zod’s', () => {
    const email = `${'m'.repeat(64)}@${'d'.repeat(178)}.example.com`;
    expect(email).toHaveLength(255);
    expect(messagesOf(ContactChangeInput, { email })).toEqual({ email: 'An e-mail address has at most 254 characters.' });
  });

  it('says what is wrong with a phone number without repeating the field’s hint (an example number)', () => {
    const phoneOf = (phone_number: string) => messagesOf(PhoneLoginInput, { phone_number }).phone_number;
    expect(phoneOf('5551234567')).toBe('Start with + and the country code.');
    expect(phoneOf('+1 555 CALL NOW')).toBe('Use only digits after the +.');
    expect(phoneOf('+0 555 123 4567')).toBe('A country code does not start with 0.');
    expect(phoneOf('+1 555')).toBe('This number is too short.');
    expect(phoneOf('+1 555 123 4567 8901 2345')).toBe('This number is too long.');
    expect(phoneOf('+1 (555) 123-4567')).toBeUndefined();
    for (const message of ['Start with + and the country code.', 'This number is too short.']) expect(message).not.toMatch(/e\.g\.|\d{3}/);
  });

  it('puts plain words on every check a schema gives no message of its own', () => {
    expect(messagesOf(RegisterInput, {})).toEqual({
      email: 'This field is required.',
      phone_number: 'This field is required.',
      username: 'This field is required.',
      password: 'This field is required.',
    });
    expect(messagesOf(PageQuery, { page: 0, page_size: 51 })).toEqual({ page: 'Use 1 or more.', page_size: 'Use 50 or less.' });
    expect(messagesOf(z.object({ note: z.string().max(20) }), { note: 'x'.repeat(21) })).toEqual({ note: 'Use at most 20 characters.' });
    expect(messagesOf(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toEqual({ kind: 'Choose one of the options.' });
    expect(messagesOf(z.object({ link: z.string().url() }), { link: 'nope' })).toEqual({ link: 'Enter a full web address, starting with https://.' });
    expect(messagesOf(z.strictObject({}), { extra: 1 })).toEqual({ '': 'Unknown field: extra.' });
    expect(messagesOf(IdParams, { id: 'nope' })).toEqual({ id: 'Unknown id.' });
    expect(messagesOf(z.object({ n: z.number() }), { n: 'five' })).toEqual({ n: 'Enter a number.' });
  });
});
