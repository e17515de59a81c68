// Writes the template of a new embedded database (a new cluster with every migration applied)
// into the server's build (see src/server/db/cluster-template.ts). The server's build
// (scripts/build-server.mjs) runs it.
import { clusterTemplateFile, writeClusterTemplate } from '../db/cluster-template';

await writeClusterTemplate(await clusterTemplateFile());
