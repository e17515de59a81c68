import { StorefrontEditorPage } from '../editor/ui/storefront-editor-page';

/** /settings/storefront/registered: the editor of the storefront for registered users. */
export default function RegisteredEditorPage() {
  return <StorefrontEditorPage audience="registered" />;
}
