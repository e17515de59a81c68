import type { SchemaFormOptions } from '@engine/react/schema-form-widgets';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import { useStorefrontSettings } from '@/lib/queries/storefront-settings';

/**
 * The product form's source of restriction values: the options the server gives the registered
 * audience's dialog for the chosen type (rewards are bought by signed-in people), one value or
 * several as the type's declaration says.
 */
export function useRestrictionValues(params: Readonly<Record<string, unknown>>): SchemaFormOptions {
  const settings = useStorefrontSettings();
  const declaration = restrictionTypeDeclarations.find((d) => d.type === params.type);
  const served = settings.data?.restrictions.registered.find((r) => r.type === params.type);
  return {
    options: served?.options,
    multiple:
      (declaration?.dialog as { registered?: string } | undefined)?.registered === 'several',
    ...(declaration ? { label: declaration.label } : {}),
    isLoading: settings.isPending,
    isError: settings.isError || (settings.isSuccess && Boolean(declaration) && !served),
    retry: () => void settings.refetch(),
  };
}
