import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import { GenericSection } from './generic-section';
import type { SectionProps, SectionRenderer } from './types';

/**
 * The renderer components, one a file under `renderers/`, by their file's name: the `renderer`
 * key a section type declares. Collected at build time, so adding a file is all it takes.
 */
const rendererFiles = import.meta.glob<{ default: SectionRenderer }>('./renderers/*.tsx', {
  eager: true,
});
const renderers = new Map<string, SectionRenderer>(
  Object.entries(rendererFiles).map(([file, module]) => [
    file.slice('./renderers/'.length, -'.tsx'.length),
    module.default,
  ]),
);

/** How the client shows a section's type: a renderer, or why it cannot. */
export type SectionResolution =
  | { Renderer: SectionRenderer }
  | { problem: 'type'; type: string }
  | { problem: 'renderer'; renderer: string };

/** The generic renderer bound to a declaration, made once per type. */
function genericFor(declaration: SectionTypeDeclaration): SectionRenderer {
  function DeclaredSection(props: SectionProps) {
    return <GenericSection {...props} declaration={declaration} />;
  }
  DeclaredSection.displayName = `GenericSection(${declaration.type})`;
  return DeclaredSection;
}

/** How a list of declarations resolves to renderers (the project's, or a test's). */
export function resolveRenderers(
  declarations: readonly SectionTypeDeclaration[],
  components: ReadonlyMap<string, SectionRenderer> = renderers,
): (type: string) => SectionResolution {
  const byType = new Map<string, SectionResolution>(
    declarations.map((declaration) => {
      const key = declaration.renderer;
      if (key === undefined) return [declaration.type, { Renderer: genericFor(declaration) }];
      const Renderer = components.get(key);
      return [declaration.type, Renderer ? { Renderer } : { problem: 'renderer', renderer: key }];
    }),
  );
  return (type) => byType.get(type) ?? { problem: 'type', type };
}

/** How the client shows a section of `type`: its declared renderer, the generic one, or a problem. */
export const resolveRenderer = resolveRenderers(sectionTypes);

/** The declaration of a section type, or null for a type this client does not know. */
export function declarationOf(type: string): SectionTypeDeclaration | null {
  return sectionTypes.find((declaration) => declaration.type === type) ?? null;
}
