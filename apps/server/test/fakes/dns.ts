import type DNS from 'dns2';
import { createServer, Packet } from 'dns2';

/** The records of one name, as a test publishes them. */
export type FakeRecords = { A?: string[]; AAAA?: string[]; CNAME?: string; TXT?: string[] };

/**
 * How the fake answers: with the records (`answer`), not at all (`silent`: a resolver times out), or
 * with SERVFAIL (`servfail`: the authority is broken, which says nothing about the records).
 */
export type FakeDnsMode = 'answer' | 'silent' | 'servfail';

export type FakeDns = {
  /** `127.0.0.1:<port>`: what DNS_SERVERS takes. */
  server: string;
  /** Publishes (replaces) the records of `name`. */
  set: (name: string, records: FakeRecords) => void;
  /** Removes `name`: it no longer exists (NXDOMAIN). */
  remove: (name: string) => void;
  mode: FakeDnsMode;
  /** How many questions it was asked. */
  asked: number;
  close: () => Promise<void>;
};

const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * An authoritative DNS server on loopback (UDP, a free port) whose records each test sets: a name it does
 * not hold is NXDOMAIN, a name it holds without the asked type is NOERROR with no answer (NODATA), and an
 * A or AAAA question on a name with a CNAME follows it within the fake, as a recursive resolver would.
 */
export async function fakeDns(): Promise<FakeDns> {
  const zone = new Map<string, FakeRecords>();
  const type = Packet.TYPE;

  function answersFor(name: string, asked: number, depth = 0): DNS.Packet.Resource[] | null {
    const records = zone.get(key(name));
    if (!records) return null;
    const answer = (record: Partial<DNS.Packet.Resource>) =>
      Packet.createResourceFromQuestion({ name, type: asked, class: Packet.CLASS.IN } as DNS.Packet.Question, {
        ttl: 60,
        ...record,
      });
    const cname = records.CNAME && answer({ type: type.CNAME, domain: records.CNAME });
    if (asked === type.CNAME) return cname ? [cname] : [];
    if (cname && records.CNAME && depth < 8 && (asked === type.A || asked === type.AAAA)) {
      return [cname, ...(answersFor(records.CNAME, asked, depth + 1) ?? [])];
    }
    if (asked === type.A) return (records.A ?? []).map((address) => answer({ type: type.A, address }));
    if (asked === type.AAAA) return (records.AAAA ?? []).map((address) => answer({ type: type.AAAA, address }));
    if (asked === type.TXT) return (records.TXT ?? []).map((data) => answer({ type: type.TXT, data }));
    return [];
  }

  const state: FakeDns = {
    server: '',
    set: (name, records) => zone.set(key(name), records),
    remove: (name) => zone.delete(key(name)),
    mode: 'answer',
    asked: 0,
    close: async () => {
      await server.close();
    },
  };

  const server = createServer({
    udp: true,
    handle: (request, send) => {
      state.asked += 1;
      if (state.mode === 'silent') return;
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (state.mode === 'servfail' || !question) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        void send(response);
        return;
      }
      const answers = answersFor(question.name, question.type);
      response.header.aa = 1;
      if (answers === null) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else response.answers.push(...answers);
      void send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  state.server = `127.0.0.1:${server.addresses().udp?.port}`;
  return state;
}
