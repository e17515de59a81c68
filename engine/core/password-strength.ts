/** The shortest password a person may choose for themselves. */
export const MIN_PASSWORD_LENGTH = 10;

/** Passwords that are guessed first, whatever their length (lower case, compared whole). */
const COMMON = new Set([
  'password123',
  'password1234',
  'qwertyuiop',
  '1234567890',
  '0123456789',
  'abcdefghij',
  'iloveyou123',
  'letmein123',
  'welcome123',
  'administrator',
  'passw0rd123',
  'qwerty12345',
  'atrium-demo',
]);

/** One rule of a good password, its English text (translated where shown), and whether it holds. */
export interface PasswordRule {
  id: 'length' | 'variety' | 'personal' | 'common';
  text: string;
  met: boolean;
}

/** The kinds of character a password mixes: lower and upper case letters, digits, others. */
function kinds(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}|\p{Lo}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) =>
    re.test(password),
  ).length;
}

/**
 * The rules of a password a person chooses, each with whether `password` keeps it: long enough,
 * a mix of at least two kinds of character, not their name or e-mail address, and not one of the
 * passwords guessed first. The server refuses one that breaks a rule; the sign-up form shows them
 * as the person types.
 *
 * @example
 * passwordRules('correct horse battery', { mail: 'sam@example.com' }).every((r) => r.met); // true
 */
export function passwordRules(
  password: string,
  personal: { name?: string; mail?: string } = {},
): PasswordRule[] {
  const lower = password.toLowerCase();
  const own = [personal.name, personal.mail, personal.mail?.split('@')[0]]
    .map((part) => part?.trim().toLowerCase() ?? '')
    .filter((part) => part.length >= 4);
  return [
    {
      id: 'length',
      text: 'At least @count characters',
      met: [...password].length >= MIN_PASSWORD_LENGTH,
    },
    { id: 'variety', text: 'Letters mixed with digits or symbols', met: kinds(password) >= 2 },
    {
      id: 'personal',
      text: 'Not your name or e-mail address',
      met: !own.some((part) => lower.includes(part)),
    },
    { id: 'common', text: 'Not a commonly used password', met: !COMMON.has(lower) },
  ];
}

/**
 * How strong a password is, 0 (empty) to 4: 1 (weak) while a rule is broken, then 2, and one
 * more each for 14 characters or more and for three kinds of character.
 *
 * @example
 * passwordStrength('Tr0ub4dor&3-horse'); // 4
 */
export function passwordStrength(
  password: string,
  personal: { name?: string; mail?: string } = {},
): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  if (!passwordRules(password, personal).every((rule) => rule.met)) return 1;
  const longer = [...password].length >= 14 ? 1 : 0;
  const varied = kinds(password) >= 3 ? 1 : 0;
  return (2 + longer + varied) as 2 | 3 | 4;
}
