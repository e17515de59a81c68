import { formatProblems, validateProject } from './validate-project';

/** `npm run validate`: checks routes.config.json, schemas and uiSchemas of the current project. */
const report = await validateProject(process.cwd());
if (report.problems.length > 0) {
  console.error(formatProblems(report.problems));
  console.error(`${report.problems.length} problem(s) found.`);
  process.exit(1);
}
console.log(report.summary);
