import { describe, expect, it } from 'vitest';
import { Signal } from './signal.js';

describe('Signal', () => {
  it('tells each listener, in the order they came, until it stops listening', () => {
    const signal = new Signal<number>();
    const heard: string[] = [];
    const stopA = signal.listen((n) => heard.push(`a${n}`));
    signal.listen((n) => heard.push(`b${n}`));
    signal.emit(1);
    stopA();
    signal.emit(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it("a listener's error reaches the part that made the change", () => {
    const signal = new Signal();
    signal.listen(() => {
      throw new Error('bus closed');
    });
    expect(() => signal.emit()).toThrow('bus closed');
  });
});
