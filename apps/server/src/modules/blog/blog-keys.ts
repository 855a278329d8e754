/**
 * Storage keys and addresses of a blog-to-video project. Only ids the server generated go into them.
 *   media/<account>/blog/<project>/article/<n>   the article's images, fetched once at creation
 *   media/<account>/blog/<project>/...           whatever else the project makes (voices), deleted with it
 */
export const projectPrefix = (accountId: string, projectId: string) => `media/${accountId}/blog/${projectId}/`;
export const articleImageKey = (accountId: string, projectId: string, index: number) =>
  `${projectPrefix(accountId, projectId)}article/${index}`;
/** Public address of an article image (blog-media.routes.ts): the console shows it in <img>. */
export const articleImageUrl = (projectId: string, index: number) => `/media/blog/${projectId}/article/${index}`;
