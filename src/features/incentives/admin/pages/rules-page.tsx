import { ApiRequestError, bracketToDotted } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import {
  awardGuardDefaults,
  ruleSchema,
  type AwardGuard,
  type Rule,
  type Rules,
} from '@schemas/entities/incentives.schema';
import { ruleTypes, type RuleParams, type RuleType } from '@schemas/incentives/rule-types';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminRules, useSaveAdminRules } from '@/lib/queries/incentives-admin-rules';
import { useAdminSchedules } from '@/lib/queries/incentives-admin-schedules';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import { asApiError, userMessage } from '../components/errors';
import { GuardFields } from '../components/guard-fields';
import { rulesForEditing } from '../components/rules-form';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './rules-page.module.css';

type Period = Rule['cap_period'];
const periods = ruleSchema.properties.cap_period.enum;

/** /settings/incentives/rules: which activities earn points, how many and how often. */
export default function RulesPage() {
  const { t } = useT();
  const rules = useAdminRules();
  return (
    <div>
      <PageHeader
        title={t('Rules')}
        lead={t('Which activities earn points, how many, and how often.')}
      />
      {rules.isPending ? (
        <TableSkeleton rows={4} />
      ) : rules.isError ? (
        <ErrorState
          message={t('The rules could not be loaded.')}
          onRetry={() => void rules.refetch()}
        />
      ) : (
        <RulesForm stored={rules.data} />
      )}
    </div>
  );
}

function RulesForm({ stored }: { stored: Rules }) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveAdminRules();
  const schedules = useAdminSchedules({ page: 0, limit: 100 });
  const [list, setList] = useState(() => rulesForEditing(stored, ruleTypes));
  const [expiry, setExpiry] = useState<number | null>(stored.expiry_schedule_id ?? null);
  const [guard, setGuard] = useState<AwardGuard>(() => ({
    ...awardGuardDefaults,
    ...stored.guard,
  }));
  const [error, setError] = useState<ApiRequestError | null>(null);
  // Each save starts the parameter fields again from what the server stored.
  const [revision, setRevision] = useState(0);
  const expiryId = useId();

  const fieldErrors = new Map<string, string>();
  for (const m of error?.messages ?? []) fieldErrors.set(bracketToDotted(m.path), m.text);

  const change = (index: number, patch: Partial<Rule>) =>
    setList((old) => old.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync({ rules: list, expiry_schedule_id: expiry, guard });
      // The form goes on from what the server stored; after a failure it keeps what was typed
      // (the cache refetches in the background).
      setList(rulesForEditing(saved, ruleTypes));
      setExpiry(saved.expiry_schedule_id ?? null);
      setGuard({ ...awardGuardDefaults, ...saved.guard });
      setRevision((n) => n + 1);
      notify('success', t('The rules have been saved.'));
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400 && failure.messages.length) setError(failure);
      else notify('error', userMessage(e) ?? t('The rules could not be saved.'));
    }
  };

  const expiryError = fieldErrors.get('expiry_schedule_id');
  return (
    <form className={own.form} onSubmit={(e) => void submit(e)} noValidate>
      {error ? (
        <p className={styles.notice} role="alert">
          {error.message}
        </p>
      ) : null}
      <ul className={own.cards}>
        {list.map((rule, index) => (
          <RuleCard
            key={`${rule.type}-${revision}`}
            rule={rule}
            index={index}
            errors={fieldErrors}
            failure={error}
            onChange={(patch) => change(index, patch)}
          />
        ))}
      </ul>

      <GuardFields
        guard={guard}
        errors={fieldErrors}
        onChange={(patch) => setGuard((old) => ({ ...old, ...patch }))}
      />

      <section className={styles.panel} aria-labelledby={`${expiryId}-heading`}>
        <h2 id={`${expiryId}-heading`} className={own.cardTitle}>
          {t('Expiry of earned points')}
        </h2>
        <p className={own.cardText}>
          {t('The schedule that applies to points earned from now on.')}{' '}
          <Link to="/settings/incentives/schedules">{t('Manage expiry schedules')}</Link>
        </p>
        <div className={styles.field}>
          <label htmlFor={expiryId}>{t('Expiry schedule')}</label>
          <select
            id={expiryId}
            value={expiry === null ? '' : String(expiry)}
            aria-invalid={expiryError ? true : undefined}
            aria-describedby={expiryError ? `${expiryId}-error` : undefined}
            onChange={(e) => setExpiry(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{t('Never expire')}</option>
            {(schedules.data?.data ?? []).map((schedule) => (
              <option key={schedule.id} value={schedule.id}>
                {schedule.enabled ? schedule.name : t('@name (off)', { name: schedule.name })}
              </option>
            ))}
            {expiry !== null && !schedules.data?.data.some((s) => s.id === expiry) ? (
              <option value={expiry}>{t('Schedule @id', { id: expiry })}</option>
            ) : null}
          </select>
          {expiryError ? (
            <p id={`${expiryId}-error`} className={styles.fieldError}>
              {expiryError}
            </p>
          ) : null}
          {schedules.isError ? (
            <p className={styles.fieldError}>{t('The expiry schedules could not be loaded.')}</p>
          ) : null}
        </div>
      </section>

      <div className={own.actions}>
        <button
          type="submit"
          className={styles.primary}
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          {t('Save rules')}
        </button>
      </div>
    </form>
  );
}

function RuleCard({
  rule,
  index,
  errors,
  failure,
  onChange,
}: {
  rule: Rule;
  index: number;
  errors: Map<string, string>;
  /** The last failed save: its messages about this rule's parameters go to their fields. */
  failure: ApiRequestError | null;
  onChange: (patch: Partial<Rule>) => void;
}) {
  const { t } = useT();
  const id = useId();
  const declared = ruleTypes.find((type) => type.type === rule.type);
  const label = declared ? t(declared.label) : rule.type;
  const error = (field: keyof Rule) => errors.get(`rules.${index}.${field}`);
  const numberField = (field: 'points' | 'cooldown_hours' | 'cap', text: string, help?: string) => {
    const message = error(field);
    const value = rule[field];
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${field}`}>{text}</label>
        <input
          id={`${id}-${field}`}
          type="number"
          inputMode="numeric"
          min={ruleSchema.properties[field].minimum}
          max={ruleSchema.properties[field].maximum}
          value={value === null ? '' : value}
          placeholder={help}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${field}-error` : undefined}
          onChange={(e) => {
            const raw = e.target.value;
            if (field === 'cap') onChange({ cap: raw === '' ? null : Number(raw) });
            else onChange({ [field]: raw === '' ? 0 : Number(raw) });
          }}
        />
        {message ? (
          <p id={`${id}-${field}-error`} className={styles.fieldError}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <li className={rule.enabled ? own.card : own.cardOff}>
      <div className={own.cardHead}>
        <div>
          <h2 className={own.cardTitle} id={`${id}-title`}>
            {label}
          </h2>
          {declared ? <p className={own.cardText}>{t(declared.description)}</p> : null}
        </div>
        <label className={own.toggle}>
          <input
            type="checkbox"
            checked={rule.enabled}
            onChange={(e) => onChange({ enabled: e.target.checked })}
          />
          <span className="visually-hidden">{label}: </span>
          {t('On')}
        </label>
      </div>
      <div className={own.grid} role="group" aria-labelledby={`${id}-title`}>
        {numberField('points', t('Points'))}
        {numberField('cooldown_hours', t('Wait between awards (hours)'))}
        {numberField('cap', t('Most awards per period'), t('No limit'))}
        <div className={styles.field}>
          <label htmlFor={`${id}-period`}>{t('Period')}</label>
          <select
            id={`${id}-period`}
            value={rule.cap_period}
            disabled={rule.cap === null}
            onChange={(e) => onChange({ cap_period: e.target.value as Period })}
          >
            {periods.map((period) => (
              <option key={period} value={period}>
                {periodLabel(period, t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {declared ? (
        <RuleParamFields
          type={declared}
          rule={rule}
          index={index}
          failure={failure}
          onChange={onChange}
        />
      ) : null}
    </li>
  );
}

/**
 * The parameters a rule type declares (`params`, e.g. the days of a login streak), rendered from
 * their schema: each field's `title` as its label, translated. Nothing for a type without any.
 */
function RuleParamFields({
  type,
  rule,
  index,
  failure,
  onChange,
}: {
  type: RuleType;
  rule: Rule;
  index: number;
  failure: ApiRequestError | null;
  onChange: (patch: Partial<Rule>) => void;
}) {
  const schema = type.params;
  // Descriptions through the uiSchema, which the form translates.
  const uiSchema = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(schema?.properties ?? {}).flatMap(([name, field]) =>
          field.description ? [[name, { 'ui:description': field.description }]] : [],
        ),
      ),
    [schema],
  );
  // The server's messages about these parameters, their paths from the parameters down.
  const serverErrors = useMemo(() => {
    const prefix = `rules[${index}][params]`;
    const messages = (failure?.messages ?? [])
      .filter((m) => m.path.startsWith(`${prefix}[`))
      .map((m) => ({ ...m, path: m.path.slice(prefix.length).replace(/^\[([^\]]+)\]/, '$1') }));
    return failure && messages.length
      ? new ApiRequestError(failure.status, failure.message, { messages })
      : null;
  }, [failure, index]);
  if (!schema || !Object.keys(schema.properties).length) return null;
  return (
    <SchemaForm<RuleParams>
      schema={schema}
      uiSchema={uiSchema}
      formData={{ ...type.defaults.params, ...rule.params }}
      serverErrors={serverErrors}
      fieldsOnly
      idPrefix={`${type.type}-params`}
      onSubmit={() => undefined}
      onChange={(params) => onChange({ params })}
    />
  );
}

function periodLabel(period: Period, t: (s: string) => string): string {
  switch (period) {
    case 'day':
      return t('Day');
    case 'week':
      return t('Week');
    case 'month':
      return t('Month');
    case 'year':
      return t('Year');
  }
}
