// `npm run restore -- <archive> [--data-dir <dir>]` (issue 23 item 1): verifies the archive, then restores it into an
// empty data folder (and, for a PostgreSQL archive, a new database at DATABASE_URL). See server/src/modules/backup/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { restoreCommand } = await import('../server/src/modules/backup/cli.ts');
process.exit(await restoreCommand(process.argv.slice(2)));
