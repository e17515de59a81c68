import { StorefrontEditorPage } from '../editor/ui/storefront-editor-page';

/** /settings/storefront/unregistered: the editor of the storefront for unregistered users. */
export default function UnregisteredEditorPage() {
  return <StorefrontEditorPage audience="unregistered" />;
}
