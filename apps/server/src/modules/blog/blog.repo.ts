import type { ProjectSettings } from '@leadreel/shared';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BlogProjectTable, BlogSceneTable, StoredArticleImage, StoredSceneMedia } from '../../db/schema.ts';

export type ProjectRow = Selectable<BlogProjectTable>;
export type SceneRow = Selectable<BlogSceneTable>;

/** A scene as a save writes it: with the id of the scene it keeps, or none for a new one. */
export type SceneInput = {
  sceneId?: string;
  text: string;
  media: StoredSceneMedia | null;
  voiceMaterialId: string | null;
};

export type NewProject = {
  id: string;
  accountId: string;
  title: string;
  sourceUrl: string | null;
  description: string;
  lang: string;
  settings: ProjectSettings;
  articleImages: StoredArticleImage[];
  scenes: string[];
};

export type ProjectChange = { title?: string; settings?: ProjectSettings };

/** The outcome of a save that names a revision: the project as saved, or why not. */
export type Saved = { project: ProjectRow; droppedVoices: string[] } | 'missing' | 'stale';

const json = (value: unknown) => JSON.stringify(value);

/** Kysely queries on `blog_project`, `blog_scene` and `blog_export`; every read and write names the account. */
export function createBlogRepo(db: Db) {
  /** The project locked for a save, when it is the account's and at `revision`. */
  async function lockedAt(trx: Db, accountId: string, projectId: string, revision: number) {
    const row = await trx
      .selectFrom('blog_project')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'missing' as const;
    if (row.revision !== revision) return 'stale' as const;
    return row;
  }

  const bump = (trx: Db, projectId: string, change: ProjectChange, now: Date) =>
    trx
      .updateTable('blog_project')
      .set({
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.settings !== undefined ? { settings: json(change.settings) } : {}),
        revision: sql<number>`revision + 1`,
        updated_at: now,
      })
      .where('id', '=', projectId)
      .returningAll()
      .executeTakeFirstOrThrow();

  return {
    /** A new project with its scenes, in one transaction. */
    insert(project: NewProject, now: Date) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('blog_project')
          .values({
            id: project.id,
            account_id: project.accountId,
            title: project.title,
            source_url: project.sourceUrl,
            description: project.description,
            lang: project.lang,
            settings: json(project.settings),
            article_images: json(project.articleImages),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('blog_scene')
          .values(project.scenes.map((text, position) => ({ project_id: row.id, position, text })))
          .execute();
        return row;
      });
    },

    /** A page of the account's projects, newest-updated first (docs/product.md "Blog-to-video"), and how many. */
    async list(accountId: string, page: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('blog_project')
          .selectAll()
          .where('account_id', '=', accountId)
          .orderBy('updated_at', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('blog_project')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    find: (accountId: string, projectId: string) =>
      db
        .selectFrom('blog_project')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', projectId)
        .executeTakeFirst(),

    /** Any account's project, for the public address of its article images. */
    findById: (projectId: string) =>
      db.selectFrom('blog_project').selectAll().where('id', '=', projectId).executeTakeFirst(),

    /** The scenes of projects, each project's in script order. */
    scenesOf: (projectIds: string[]) =>
      projectIds.length === 0
        ? Promise.resolve([] as SceneRow[])
        : db
            .selectFrom('blog_scene')
            .selectAll()
            .where('project_id', 'in', projectIds)
            .orderBy('project_id')
            .orderBy('position')
            .execute(),

    /** Each project's newest export that made its video, if it has one. */
    lastExports: (projectIds: string[]) =>
      projectIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('blog_export')
            .select(['project_id', 'version', 'video_id', 'finished_at'])
            .distinctOn('project_id')
            .where('project_id', 'in', projectIds)
            .where('status', '=', 'done')
            .orderBy('project_id')
            .orderBy('version', 'desc')
            .execute(),

    /** Deletes the account's projects when every id is one of them (else deletes nothing: null). */
    remove(accountId: string, projectIds: string[]) {
      return db.transaction().execute(async (trx) => {
        const owned = await trx
          .selectFrom('blog_project')
          .select('id')
          .where('account_id', '=', accountId)
          .where('id', 'in', projectIds)
          .forUpdate()
          .execute();
        if (owned.length !== new Set(projectIds).size) return null;
        await trx
          .deleteFrom('blog_project')
          .where('account_id', '=', accountId)
          .where('id', 'in', projectIds)
          .execute();
        return owned.map((row) => row.id);
      });
    },

    /**
     * The whole script saved in its new order, when the project is still at `revision`: scenes named keep
     * their row (and their generated voice while their text is the same), others are new, the rest deleted.
     * Answers the stored voices no scene uses any more, for the caller to delete once committed.
     */
    saveScenes(
      accountId: string,
      projectId: string,
      revision: number,
      scenes: SceneInput[],
      now: Date,
      change: ProjectChange = {},
    ): Promise<Saved> {
      return db.transaction().execute(async (trx) => {
        const project = await lockedAt(trx, accountId, projectId, revision);
        if (typeof project === 'string') return project;
        const before = await trx.selectFrom('blog_scene').selectAll().where('project_id', '=', projectId).execute();
        const byId = new Map(before.map((scene) => [scene.id, scene]));
        const kept = new Set(scenes.flatMap((scene) => (scene.sceneId ? [scene.sceneId] : [])));
        const droppedVoices = before
          .filter((scene) => scene.voice_key && !kept.has(scene.id))
          .map((scene) => scene.voice_key as string);
        const gone = before.filter((scene) => !kept.has(scene.id)).map((scene) => scene.id);
        if (gone.length > 0) await trx.deleteFrom('blog_scene').where('id', 'in', gone).execute();
        // Positions are checked when the transaction commits (the constraint is deferred), so the order can
        // be rewritten scene by scene.
        for (const [position, scene] of scenes.entries()) {
          const fields = {
            position,
            text: scene.text,
            media: scene.media ? json(scene.media) : null,
            voice_material_id: scene.voiceMaterialId,
          };
          const old = scene.sceneId ? byId.get(scene.sceneId) : undefined;
          if (!old) {
            await trx
              .insertInto('blog_scene')
              .values({ ...fields, project_id: projectId })
              .execute();
            continue;
          }
          const textChanged = old.text !== scene.text;
          if (textChanged && old.voice_key) droppedVoices.push(old.voice_key);
          await trx
            .updateTable('blog_scene')
            .set({
              ...fields,
              ...(textChanged ? { voice_key: null, voice_hash: null, voice_duration: null } : {}),
            })
            .where('id', '=', old.id)
            .execute();
        }
        return { project: await bump(trx, projectId, change, now), droppedVoices };
      });
    },

    /** A project's status as its exports move it (blog-export.service.ts), in the export's transaction. */
    async setStatus(trx: Db, projectId: string, status: ProjectRow['status']) {
      await trx.updateTable('blog_project').set({ status }).where('id', '=', projectId).execute();
    },

    /**
     * Keeps a scene's generated voice, while the scene still says `text` (an edit made meanwhile dropped the
     * voice it was made for). Answers whether it was kept.
     */
    async keepVoice(sceneId: string, text: string, voice: { prefix: string; hash: string; duration: number }) {
      const kept = await db
        .updateTable('blog_scene')
        .set({ voice_key: voice.prefix, voice_hash: voice.hash, voice_duration: voice.duration })
        .where('id', '=', sceneId)
        .where('text', '=', text)
        .returning('id')
        .executeTakeFirst();
      return Boolean(kept);
    },

    /** Title and settings saved, when the project is still at `revision`. */
    saveProject(
      accountId: string,
      projectId: string,
      revision: number,
      change: ProjectChange,
      now: Date,
    ): Promise<Saved> {
      return db.transaction().execute(async (trx) => {
        const project = await lockedAt(trx, accountId, projectId, revision);
        if (typeof project === 'string') return project;
        return { project: await bump(trx, projectId, change, now), droppedVoices: [] };
      });
    },
  };
}
export type BlogRepo = ReturnType<typeof createBlogRepo>;
