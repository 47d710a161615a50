/** Field-name rules (issue 13 item 1): the engine's, shared with the server's model check (src/engine/vmodel.ts). */
export { generateVModel, IDENTIFIER, SQL_KEYWORDS, SYSTEM_NAMES, type VModelProblem, vModelProblem } from '../../src/engine/vmodel';
