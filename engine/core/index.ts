export {
  ApiRequestError,
  FIRST_ANSWERS_ID,
  RETRY_LIMIT,
  createHttpClient,
  xsrfHeader,
  newIdempotencyKey,
  retryDelay,
  shouldRetry,
  type ApiClient,
  type ApiMessage,
  type Envelope,
  type ErrorStatus,
  type HttpClientOptions,
  type ListEnvelope,
  type ListMeta,
  type NavigationHandlers,
  type RequestOptions,
} from './http';
export { ADMIN_HTML_POLICY } from './admin-html';
export {
  MIN_PASSWORD_LENGTH,
  passwordRules,
  passwordStrength,
  type PasswordRule,
} from './password-strength';
export { HTML_CONTENT_TYPE, isHtmlSchema, mapHtmlFields } from './html-fields';
export {
  TRANSLATABLE,
  fieldTitles,
  isTranslatableSchema,
  localize,
  schemaAtPath,
  translatablePaths,
  translatableProblems,
  valueAtPath,
  type ContentTranslations,
  type FieldTexts,
  type TranslatableProblem,
} from './translatable-fields';
export {
  restrictionTypeProblems,
  type DeclarationProblem,
  type DeclaredAttribute,
  type DeclaredRestriction,
} from './restriction-types';
export { bracketToDotted, encodeForm, encodeQuery } from './encoding';
export { fetchAllPages } from './paging';
export { sameSitePath } from './site-path';
export {
  createTranslator,
  directionOf,
  loadMessageFormat,
  needsMessageFormat,
  resolveLanguage,
  type MessageFormat,
  type Translator,
} from './i18n';
export {
  formatDateRange,
  formatDateTime,
  phpToDateFnsFormat,
  type DateFormatOptions,
} from './dates';
export {
  dateInputFormat,
  formatDateInput,
  formatDateTimeInput,
  formatTimeInput,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
  timeInputFormat,
} from './date-input';
export { addDays, localDateOf, wallClockToUtc, weekdayOf } from './calendar-dates';
export {
  appearanceToCssVars,
  camelCaseKeys,
  contrastText,
  declaredThemeValues,
  hoverColor,
} from './theme';
export { AVATAR_PALETTE, avatarColors, initials } from './avatar';
export {
  accessRedirect,
  childPages,
  flattenRoutes,
  userMenuEntries,
  validateRoutesConfig,
  type ChildPage,
  type ConfigProblem,
  type FlatCrumb,
  type FlatRoute,
  type UserMenuEntry,
} from './routes';
