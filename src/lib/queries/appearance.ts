import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAppearance } from '../requests/appearance';

export const appearanceQueryKey = ['appearance'] as const;

/** The site's theme: see {@link fetchAppearance}. */
export const appearanceQueryOptions = () =>
  queryOptions({ queryKey: appearanceQueryKey, queryFn: fetchAppearance, staleTime: 5 * 60_000 });

export const useAppearance = () => useQuery(appearanceQueryOptions());
