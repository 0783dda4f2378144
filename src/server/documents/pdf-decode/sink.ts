// Where a filter's decoded bytes go: the caller's sink, which counts them against the budgets, fed in chunks.

/** Receives decoded bytes; throws OverBudget to stop. */
export type Sink = (chunk: Uint8Array) => void;

/** Collects small writes into chunks of 64 KiB before handing them on. */
export function chunked(sink: Sink) {
  const size = 64 * 1024;
  let buffer = new Uint8Array(size);
  let length = 0;
  const handOnWhenFull = () => {
    if (length < size) return;
    sink(buffer);
    buffer = new Uint8Array(size);
    length = 0;
  };
  return {
    push(byte: number) {
      buffer[length++] = byte;
      handOnWhenFull();
    },
    pushBytes(bytes: Uint8Array) {
      for (let offset = 0; offset < bytes.length;) {
        const count = Math.min(size - length, bytes.length - offset);
        buffer.set(bytes.subarray(offset, offset + count), length);
        length += count;
        offset += count;
        handOnWhenFull();
      }
    },
    repeat(byte: number, times: number) {
      for (let left = times; left > 0;) {
        const count = Math.min(size - length, left);
        buffer.fill(byte, length, length + count);
        length += count;
        left -= count;
        handOnWhenFull();
      }
    },
    flush() {
      if (length > 0) sink(buffer.subarray(0, length));
      length = 0;
    },
  };
}
