// `npm run backup [-- <dir>]` (issue 23 item 1): a backup through the running server's admin API, or from the data
// folder itself when no server answers. See server/src/modules/backup/cli.ts for the environment it reads.
import { register } from 'tsx/esm/api';

register();
const { backupCommand } = await import('../server/src/modules/backup/cli.ts');
process.exit(await backupCommand(process.argv.slice(2)));
