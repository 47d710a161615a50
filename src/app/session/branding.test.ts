import { describe, expect, it } from 'vitest';
import { isSupplyChainPort, SUPPLY_CHAIN_PORT } from './branding';

describe('supply-chain variant (spec 000 §1, §9)', () => {
  it('is selected by port 8093 only', () => {
    expect(SUPPLY_CHAIN_PORT).toBe('8093');
    expect(isSupplyChainPort('8093')).toBe(true);
    expect(isSupplyChainPort('8080')).toBe(false);
    expect(isSupplyChainPort('')).toBe(false);
  });
});
