import { z } from 'zod';

const count = (n: number | bigint, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 || n === 1n ? one : many}`;

/**
 * The words of every check a schema gives no message of its own, in a person's terms: the forms show them under a
 * field and the server answers them in `fields`. Zod's own ("Too big: expected string to have <=254 characters")
 * never reach anyone. A form field's schema still names what is missing itself ("Enter your e-mail address."): these
 * are the fallback.
 */
export const plainMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number.';
      return 'This value is not valid.';
    case 'too_small': {
      const { minimum, inclusive = true } = issue;
      if (issue.origin === 'string') return Number(minimum) <= 1 ? 'This field is required.' : `Use at least ${count(minimum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(minimum) <= 1 ? 'Add at least one.' : `Add at least ${minimum.toLocaleString('en-US')}.`;
      if (issue.origin === 'file') return 'The file is empty.';
      return inclusive ? `Use ${minimum.toLocaleString('en-US')} or more.` : `Use more than ${minimum.toLocaleString('en-US')}.`;
    }
    case 'too_big': {
      const { maximum, inclusive = true } = issue;
      if (issue.origin === 'string') return `Use at most ${count(maximum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Use at most ${maximum.toLocaleString('en-US')}.`;
      if (issue.origin === 'file') return 'The file is too large.';
      return inclusive ? `Use ${maximum.toLocaleString('en-US')} or less.` : `Use less than ${maximum.toLocaleString('en-US')}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid e-mail address, like name@example.com.';
      if (issue.format === 'url') return 'Enter a full web address, starting with https://.';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Unknown id.';
      if (issue.format === 'datetime' || issue.format === 'date') return 'Enter a valid date.';
      return 'This value is not in the expected format.';
    case 'not_multiple_of':
      return issue.divisor === 1 ? 'Use a whole number.' : `Use a multiple of ${issue.divisor}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? 'This value is not allowed here.' : 'Choose one of the options.';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'This value is not valid.';
    default:
      return undefined;
  }
};

// Installed once for the process or page, by whichever part of the contract is imported first (common.ts imports
// this module; package.json keeps it as a side effect for the bundler).
z.config({ customError: plainMessages });
