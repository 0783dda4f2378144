/**
 * The little of the Reflect metadata API that @peculiar/x509's dependency injection asks for, so that the tests
 * can make real certificates without another package. Imported before @peculiar/x509.
 */
type Store = Map<unknown, unknown>;
const stores = new WeakMap<object, Store>();
const own = (target: object) => stores.get(target);
const reflect = Reflect as unknown as Record<string, unknown>;
if (typeof reflect.getMetadata !== 'function') {
  reflect.defineMetadata = (key: unknown, value: unknown, target: object) => {
    const store = own(target) ?? new Map();
    store.set(key, value);
    stores.set(target, store);
  };
  reflect.getOwnMetadata = (key: unknown, target: object) => own(target)?.get(key);
  reflect.getMetadata = (key: unknown, target: object): unknown => {
    for (let at: object | null = target; at; at = Object.getPrototypeOf(at) as object | null) {
      const store = own(at);
      if (store?.has(key)) return store.get(key);
    }
    return undefined;
  };
}
export {};
