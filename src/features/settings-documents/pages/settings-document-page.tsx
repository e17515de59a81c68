import { ApiRequestError, type Translator } from '@engine/core';
import { useRouteMatches, useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { SettingsDocumentDeclaration } from '@schemas/config/settings-document.schema';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { useMemo, useState } from 'react';
import {
  useSaveSettingsDocument,
  useSettingsDocument,
  type SettingsDocumentValue,
} from '@/lib/queries/settings-document';
import { LeaveGuard } from '@/shell/confirm-dialog/leave-guard';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import styles from './settings-document-page.module.css';

/** The document the route names (`"document"` in routes.config.json), innermost route first. */
function useDocumentKey(): string | undefined {
  const matches = useRouteMatches();
  for (const match of [...matches].reverse()) {
    if (match.handle?.document) return match.handle.document;
  }
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether two values are the same data, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return a === b;
}

/** Field descriptions in the reader's language (the form translates titles itself). */
function translatedDescriptions(node: unknown, t: Translator['t']): unknown {
  if (Array.isArray(node)) return node.map((item) => translatedDescriptions(item, t));
  if (!isRecord(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'description' && typeof value === 'string'
        ? t(value)
        : key === 'default' || key === 'const' || key === 'enum'
          ? value
          : translatedDescriptions(value, t),
    ]),
  );
}

/**
 * The generic admin page of a settings document declared in `schemas/settings-documents`: a
 * route `{ "page": "settings-document", "document": "<key>" }` shows the document's form, built
 * from its schema, with its title as the heading and its description as the lead.
 */
export default function SettingsDocumentPage() {
  const { t } = useT();
  const key = useDocumentKey();
  const declaration = settingsDocuments.find((d) => d.key === key);
  if (!declaration)
    return <PageHeader title={t('Settings')} lead={t('These settings do not exist.')} />;
  return <SettingsDocument declaration={declaration} />;
}

function SettingsDocument({ declaration }: { declaration: SettingsDocumentDeclaration }) {
  const { t } = useT();
  const { key, schema } = declaration;
  const document = useSettingsDocument(key);
  return (
    <div>
      <PageHeader
        title={t(schema.title)}
        {...(schema.description ? { lead: t(schema.description) } : {})}
      />
      {document.isPending ? (
        <TableSkeleton rows={5} />
      ) : document.isError ? (
        <ErrorState
          message={t('The settings could not be loaded.')}
          onRetry={() => void document.refetch()}
        />
      ) : (
        <DocumentForm declaration={declaration} stored={document.data} />
      )}
    </div>
  );
}

function DocumentForm({
  declaration,
  stored,
}: {
  declaration: SettingsDocumentDeclaration;
  stored: SettingsDocumentValue;
}) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveSettingsDocument(declaration.key);
  const [initial] = useState(stored);
  const [saved, setSaved] = useState(stored);
  const [draft, setDraft] = useState(stored);
  const [error, setError] = useState<ApiRequestError | null>(null);
  // The page's heading shows the title and description of the whole document.
  const formSchema = useMemo(() => {
    const { title: _title, description: _description, ...fields } = declaration.schema;
    return translatedDescriptions(fields, t) as object;
  }, [declaration.schema, t]);
  const dirty = !sameValue(draft, saved);

  const submit = async (data: SettingsDocumentValue) => {
    setError(null);
    try {
      setSaved(await save.mutateAsync(data));
      notify('success', t('The settings have been saved.'));
    } catch (e) {
      const failure = e instanceof ApiRequestError ? e : new ApiRequestError('FETCH_ERROR', '');
      if (failure.status === 400) setError(failure);
      else
        notify(
          'error',
          typeof failure.status === 'number' && failure.status < 500 && failure.message
            ? failure.message
            : t('Something went wrong, please try again.'),
        );
    }
  };

  return (
    <div className={styles.panel}>
      <SchemaForm<SettingsDocumentValue>
        schema={formSchema}
        {...(declaration.uiSchema ? { uiSchema: declaration.uiSchema } : {})}
        formData={initial}
        onSubmit={submit}
        onChange={setDraft}
        serverErrors={error}
      />
      <LeaveGuard when={dirty}>
        <p>
          {t('Your changes to @title have not been saved.', { title: t(declaration.schema.title) })}
        </p>
      </LeaveGuard>
    </div>
  );
}
