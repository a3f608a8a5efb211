/** A generated JSON value. Objects have no prototype, so no key (`__proto__`, `constructor`) can reach one. */
export type MockValue = string | number | boolean | null | MockValue[] | MockObject;

export interface MockObject {
  [key: string]: MockValue;
}

export function createObject(): MockObject {
  return Object.create(null) as MockObject;
}

/** Defines an own data property, whatever the key is called. */
export function setOwn(target: MockObject, key: string, value: MockValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
