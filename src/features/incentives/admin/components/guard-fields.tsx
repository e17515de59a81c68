import { useT } from '@engine/react';
import { awardGuardSchema, type AwardGuard } from '@schemas/entities/incentives.schema';
import { useId } from 'react';
import styles from './admin.module.css';
import own from './guard-fields.module.css';

type GuardField = keyof AwardGuard;

/** The guard's fields in their declared order: the form has one input per schema property. */
const fields = Object.keys(awardGuardSchema.properties) as GuardField[];

/**
 * The earning rules' cheat guard on the rules page, rendered from `awardGuardSchema`: each
 * property's title is the label, its description the help, its bounds the input's, and a
 * nullable one left empty means "no limit". `errors` are the server's field messages by dotted
 * path (`guard.max_awards`).
 */
export function GuardFields({
  guard,
  errors,
  onChange,
}: {
  guard: AwardGuard;
  errors: Map<string, string>;
  onChange: (patch: Partial<AwardGuard>) => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={own.title}>
        {t(awardGuardSchema.title)}
      </h2>
      <p className={own.lead}>{t(awardGuardSchema.description)}</p>
      <div className={own.fields}>
        {fields.map((name) => {
          const field = awardGuardSchema.properties[name];
          const nullable = Array.isArray(field.type);
          const value = guard[name];
          const message = errors.get(`guard.${name}`);
          const input = `${id}-${name}`;
          return (
            <div key={name} className={styles.field}>
              <label htmlFor={input}>{t(field.title)}</label>
              <input
                id={input}
                type="number"
                inputMode="numeric"
                min={field.minimum}
                max={field.maximum}
                value={value === null ? '' : value}
                placeholder={nullable ? t('No limit') : undefined}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${input}-help ${input}-error` : `${input}-help`}
                onChange={(e) => {
                  const raw = e.target.value;
                  onChange({ [name]: raw === '' ? (nullable ? null : 0) : Number(raw) });
                }}
              />
              <p id={`${input}-help`} className={own.help}>
                {t(field.description)}
              </p>
              {message ? (
                <p id={`${input}-error`} className={styles.fieldError}>
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
