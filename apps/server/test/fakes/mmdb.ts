/**
 * A small MaxMind DB (https://maxmind.github.io/MaxMind-DB/) written by the test, as GeoLite2-Country files
 * are laid out: an IPv4 search tree with 24-bit records, a data section of maps, and the metadata. None is
 * bundled with LeadReel (GEOIP_DB names the operator's), and tests may not download one.
 */

type Value = string | number | { [key: string]: Value };

/** One field: its control byte(s) (type in the top three bits, size in the low five) and its bytes. */
function encode(value: Value): Buffer {
  const control = (type: number, size: number) => {
    if (size >= 29) throw new Error('fake mmdb: sizes under 29 only');
    return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
  };
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    // uint32, big-endian, leading zero bytes left out.
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    const trimmed = bytes.subarray(bytes.findIndex((byte) => byte !== 0) === -1 ? 4 : bytes.findIndex((b) => b !== 0));
    return Buffer.concat([control(6, trimmed.length), trimmed]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
}

const uint16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return Buffer.concat([Buffer.from([(5 << 5) | 2]), bytes]);
};

type Node = { children: [Node | number | null, Node | number | null] };

/** A database answering `data` for each IPv4 network ('198.51.100.0/24'), nothing elsewhere. */
export function fakeMmdb(networks: Record<string, Value>): Buffer {
  const root: Node = { children: [null, null] };
  const sections: Buffer[] = [];
  let dataSize = 0;
  for (const [network, data] of Object.entries(networks)) {
    const [address, prefix] = network.split('/') as [string, string];
    const bits = address
      .split('.')
      .map((part) => Number(part).toString(2).padStart(8, '0'))
      .join('');
    const encoded = encode(data);
    const offset = dataSize;
    sections.push(encoded);
    dataSize += encoded.length;
    let node = root;
    for (let depth = 0; depth < Number(prefix); depth += 1) {
      const bit = Number(bits[depth]) as 0 | 1;
      if (depth === Number(prefix) - 1) node.children[bit] = offset;
      else {
        let next = node.children[bit];
        if (typeof next !== 'object' || next === null) {
          next = { children: [null, null] };
          node.children[bit] = next;
        }
        node = next;
      }
    }
  }
  // Number the nodes breadth first; then each record points at a node, at data, or at "nothing here".
  const nodes: Node[] = [];
  for (const queue = [root]; queue.length > 0; ) {
    const node = queue.shift() as Node;
    nodes.push(node);
    for (const child of node.children) if (child && typeof child === 'object') queue.push(child);
  }
  const nodeCount = nodes.length;
  const record = (child: Node | number | null) =>
    child === null ? nodeCount : typeof child === 'number' ? nodeCount + 16 + child : nodes.indexOf(child);
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach((node, i) => {
    tree.writeUIntBE(record(node.children[0]), i * 6, 3);
    tree.writeUIntBE(record(node.children[1]), i * 6 + 3, 3);
  });
  const metadata = Buffer.concat([
    Buffer.from([(7 << 5) | 9]),
    encode('node_count'),
    encode(nodeCount),
    encode('record_size'),
    uint16(24),
    encode('ip_version'),
    uint16(4),
    encode('database_type'),
    encode('GeoLite2-Country'),
    encode('languages'),
    // An empty array (extended type 11).
    Buffer.from([0, 4]),
    encode('binary_format_major_version'),
    uint16(2),
    encode('binary_format_minor_version'),
    uint16(0),
    encode('build_epoch'),
    // uint64 (extended type 9), four bytes.
    Buffer.concat([Buffer.from([4, 2]), Buffer.from([0x68, 0x00, 0x00, 0x00])]),
    encode('description'),
    encode({ en: 'LeadReel test database' }),
  ]);
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...sections,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}
