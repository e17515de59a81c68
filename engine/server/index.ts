export {
  envelope,
  listEnvelope,
  arrayEnvelope,
  ok,
  paged,
  pageMeta,
  type PageMeta,
} from './envelope';
export {
  HttpError,
  createErrorHandler,
  validationMessages,
  boundedMessages,
  MAX_FIELD_MESSAGES,
  MAX_VALIDATION_ISSUES,
  toBracketPath,
  type FieldMessage,
  type ValidationIssue,
  type ErrorHandlerOptions,
} from './errors';
export {
  requireSignedIn,
  requireFlags,
  requireAnyFlag,
  requireOwnerOrFlags,
  requirementOf,
  accessMessages,
  visitorAccess,
  type RequestAccess,
  type AccessRequirement,
  type AccessGuard,
} from './access';
export { assertJsonSchema, SHARED_META_CHECK } from './json-schema-check';
export { collectSchemas, importSchemaModules, registerSchemas } from './schemas';
export { xsrfProtection, type XsrfOptions } from './xsrf';
export { idParams } from './params';
export {
  compileSettingsDocuments,
  settingsDocumentProblems,
  type CompiledSettingsDocument,
  type SettingsDocumentProblem,
} from './settings-documents';
