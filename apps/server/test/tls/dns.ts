import { createServer, Packet } from 'dns2';

/**
 * A DNS server on 127.0.0.1 (UDP) that answers A queries for the names it is given, for Pebble's
 * `-dnsserver`: a name it knows gets its address and no other record (an empty NOERROR answer to AAAA and
 * the rest, so a client falls back to the A record), an unknown name NXDOMAIN. `queries` keeps every
 * question as "TYPE name".
 */
export async function startDnsServer(addresses: Record<string, string>) {
  const queries: string[] = [];
  const typeName = new Map<number, string>(Object.entries(Packet.TYPE).map(([name, code]) => [code, name]));
  const server = createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const name = question.name.toLowerCase().replace(/\.$/, '');
        queries.push(`${typeName.get(question.type) ?? question.type} ${name}`);
        const address = addresses[name];
        if (address === undefined) response.header.rcode = Packet.RCODE.NXDOMAIN;
        else if (question.type === Packet.TYPE.A)
          response.answers.push(Packet.createResourceFromQuestion(question, { type: Packet.TYPE.A, ttl: 1, address }));
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = listening.udp?.port;
  if (!port) throw new Error('the DNS server did not listen');
  return { address: `127.0.0.1:${port}`, queries, close: () => server.close() };
}
