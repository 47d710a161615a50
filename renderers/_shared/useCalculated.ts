import { useEffect, useRef, useState } from 'react';
import { evaluateFormula, type FormulaToken, isValidFormula } from '../../src/engine/formula';
import { useFormValues } from './FormValuesContext';

/**
 * The runtime hook of calculated fields (spec 001 §4): evaluates `expression` against the enclosing form's record
 * `delay` ms (default 500) after the last change; an invalid expression gives null, NaN gives 0.
 */
export function useCalculated(expression: readonly FormulaToken[], precision?: number, delay = 500): number | null {
  const values = useFormValues();
  const valid = isValidFormula(expression);
  const compute = () => (valid ? evaluateFormula(expression, values, precision) : null);
  const [result, setResult] = useState<number | null>(compute);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute when the record, expression or precision change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = setTimeout(() => setResult(compute()), delay);
    return () => clearTimeout(t);
  }, [values, JSON.stringify(expression), precision, delay]);
  return result;
}
