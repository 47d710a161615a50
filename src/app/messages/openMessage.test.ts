import { describe, expect, it } from 'vitest';
import { messageTarget } from './openMessage';

/** Where opening a message leads (spec 000 §2 "Message drawer", §3 "Message"). */
describe('messageTarget', () => {
  it('shows a type-1 notice in the dialog, whatever its body', () => {
    expect(messageTarget({ type: 1, bodyText: '<p>hi</p>' })).toBe('dialog');
    expect(messageTarget({ type: 1, bodyText: '{"type":2}' })).toBe('dialog');
  });
  it("routes other types by the JSON body's own type: 2 to-do, 3 circulate, else launch", () => {
    expect(messageTarget({ type: 2, bodyText: '{"type":2,"id":"t1"}' })).toBe('/workFlow/flowTodo');
    expect(messageTarget({ type: 2, bodyText: '{"type":3}' })).toBe('/workFlow/flowCirculate');
    expect(messageTarget({ type: 2, bodyText: '{"type":1}' })).toBe('/workFlow/flowLaunch');
    expect(messageTarget({ type: 2, bodyText: '{}' })).toBe('/workFlow/flowLaunch');
  });
  it('shows a message whose body is not a JSON object (a system message in HTML) in the dialog', () => {
    expect(messageTarget({ type: 3, bodyText: '<p>订单已确认</p>' })).toBe('dialog');
    expect(messageTarget({ type: 2, bodyText: '"text"' })).toBe('dialog');
    expect(messageTarget({ type: 2 })).toBe('dialog');
  });
});
