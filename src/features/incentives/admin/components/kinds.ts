import { matchGuardMessage, type Transaction } from '@schemas/entities/incentives.schema';

type Kind = Transaction['kind'];

/** A ledger kind in words. */
export function kindLabel(kind: Kind, t: (source: string) => string): string {
  switch (kind) {
    case 'award':
      return t('Earned');
    case 'redeem':
      return t('Purchase');
    case 'expire':
      return t('Expired');
    case 'adjust':
      return t('Adjustment');
    case 'refund':
      return t('Refund');
    case 'held':
      return t('Held back');
  }
}

/** A points change with its sign written out ("+50", "−20"), so colour is never the only cue. */
export function signedPoints(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return '0';
}

/**
 * A server text of the cheat guard (why an award was held back) in the interface language: its
 * template translated, filled with its values.
 */
export function guardText(
  text: string,
  t: (source: string, values?: Record<string, string>) => string,
): string {
  const match = matchGuardMessage(text);
  return match ? t(match.template, match.values) : t(text);
}
