import yauzl from 'yauzl';

export interface UnzippedEntry {
  name: string;
  data: Buffer;
  /** General purpose bit 11: the name is UTF-8. */
  utf8: boolean;
}

/** Every entry of a zip in memory, read with yauzl's own checks (names, sizes, CRCs). Tests only. */
export function unzip(buffer: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: UnzippedEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks), utf8: (entry.generalPurposeBitFlag & 0x800) !== 0 });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
