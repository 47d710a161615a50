// @vitest-environment happy-dom
import { describePages } from './pageContract';

/** Issue 26 item 5, half 1 of the built-in page configs (pageContract.tsx says what each page is checked for). */
describePages(0);
