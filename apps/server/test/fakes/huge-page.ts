import type http from 'node:http';

/**
 * Answers a page of `bytes` bytes of HTML in chunks with no length announced, as fast as the reader takes
 * them, and stops when the reader hangs up: a fetch with a byte limit must stop reading, not wait for the
 * end. `wrote` hears how many bytes went out.
 */
export function hugePage(response: http.ServerResponse, bytes: number, wrote: (count: number) => void) {
  response.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      left -= chunk.length;
      wrote(chunk.length);
      if (!response.write(chunk)) return response.once('drain', pump);
    }
    response.end();
  };
  response.on('close', () => {
    left = 0;
  });
  pump();
}
