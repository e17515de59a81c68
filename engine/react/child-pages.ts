import { guardVerdict } from './guards';
import { useT } from './i18n';
import { useRouteMatches } from './router';
import { useSession } from './session';

/** A page below the current one that the visitor may open: its address and translated texts. */
export interface ChildPageLink {
  to: string;
  title: string;
  description?: string;
}

const normalize = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * The pages directly below the current one, as routes.config.json declares them (in declared
 * order, labelled by breadcrumb or title, with their description), leaving out every page whose
 * guard would turn the visitor away. A landing page renders them as its links, so a page added
 * by config appears there with nothing else to change. Empty while the session loads and on a
 * page whose route has no children.
 *
 * @example
 * const pages = useChildPages();
 * pages.map((p) => <Link key={p.to} to={p.to}>{p.title}</Link>);
 */
export function useChildPages(): ChildPageLink[] {
  const matches = useRouteMatches();
  const session = useSession();
  const { t } = useT();
  const here = matches.at(-1);
  if (!here || session.status === 'loading') return [];
  const at = normalize(here.pathname);
  // An index page shares its address with its parent route, which holds the children.
  const owner = [...matches]
    .reverse()
    .find((match) => normalize(match.pathname) === at && match.handle?.childPages !== undefined);
  const pages = owner?.handle?.childPages ?? [];
  return pages
    .filter((page) => guardVerdict(page, session) === 'pass')
    .map((page) => ({
      to: at === '/' ? `/${page.path}` : `${at}/${page.path}`,
      title: t(page.title),
      ...(page.description === undefined ? {} : { description: t(page.description) }),
    }));
}
