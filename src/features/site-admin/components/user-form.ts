import { ApiRequestError, bracketToDotted, type Translator } from '@engine/core';
import type { Language } from '@schemas/entities/language.schema';
import type { Country } from '@schemas/entities/settings.schema';
import type { Role } from '@schemas/entities/site-admin.schema';
import type { Organization } from '@schemas/entities/taxonomy.schema';

/**
 * Every time zone the browser knows, with UTC and the one already stored: browsers leave out
 * UTC and old names, and a stored value missing from the choices would fail the form.
 */
function timeZones(current: string | null | undefined): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const extra = ['UTC', current].filter((z): z is string => Boolean(z) && !zones.includes(z!));
  return [...new Set(extra), ...zones];
}

type Properties = Record<string, object>;

/** The choices a user form offers, as loaded from the server. */
export interface UserChoices {
  roles?: readonly Role[];
  organizations?: readonly Organization[];
  languages?: readonly Language[];
  countries?: readonly Country[];
  /** The user's time zone now, kept among the choices. */
  timezone?: string | null;
}

/**
 * `schema` with the choices of its `roles`, `organizations`, `language`, `country` and `timezone` fields
 * filled in. Only assignable roles are offered, by their translated labels; a list field with
 * nothing to choose from is left out.
 */
export function withUserChoices<S extends { properties: object }>(
  schema: S,
  choices: UserChoices,
  t: Translator['t'],
): S {
  const properties = { ...(schema.properties as Properties) };
  const list = (field: string, type: 'string' | 'integer', oneOf: object[]) => {
    const base = properties[field] as { items: object } | undefined;
    if (!base) return;
    if (oneOf.length === 0) delete properties[field];
    else properties[field] = { ...base, items: { ...base.items, type, oneOf } };
  };
  if (choices.roles)
    list(
      'roles',
      'string',
      choices.roles.filter((r) => r.assignable).map((r) => ({ const: r.name, title: t(r.label) })),
    );
  if (choices.organizations)
    list(
      'organizations',
      'integer',
      choices.organizations.map((o) => ({ const: o.id, title: o.name })),
    );
  if (choices.languages?.length && properties.language)
    properties.language = {
      ...properties.language,
      oneOf: choices.languages.map((l) => ({ const: l.langcode, title: l.native_name || l.name })),
    };
  if (choices.countries?.length && properties.country)
    properties.country = {
      ...properties.country,
      oneOf: choices.countries.map((c) => ({ const: c.code, title: c.name })),
    };
  if (properties.timezone)
    properties.timezone = { ...properties.timezone, enum: timeZones(choices.timezone) };
  return { ...schema, properties };
}

/**
 * A failed save whose messages about one item of a list (`roles[2]`) are moved to the list
 * itself: checkboxes have no place for a message of their own.
 */
export function listFieldErrors(error: ApiRequestError | null): ApiRequestError | null {
  if (!error?.messages.length) return error;
  return new ApiRequestError(error.status, error.message, {
    body: error.body,
    messages: error.messages.map((m) => ({
      ...m,
      path: bracketToDotted(m.path).replace(/(\.\d+)+$/, ''),
    })),
  });
}
