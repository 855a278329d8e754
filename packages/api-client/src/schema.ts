// Generated from the public API's OpenAPI document by `npm run openapi`: do not edit.

export interface paths {
  "/folders": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List folders */
    get: operations["folders.list"];
    put?: never;
    /** Create a folder */
    post: operations["folders.create"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/folders/{folderId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a folder */
    delete: operations["folders.delete"];
    options?: never;
    head?: never;
    /** Rename a folder */
    patch: operations["folders.update"];
    trace?: never;
  };
  "/videos": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List videos, newest first */
    get: operations["videos.list"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video */
    get: operations["videos.get"];
    put?: never;
    post?: never;
    /** Delete a video and its files */
    delete: operations["videos.delete"];
    options?: never;
    head?: never;
    /** Rename a video or move it to another folder */
    patch: operations["videos.update"];
    trace?: never;
  };
  "/videos/{videoId}/form": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video's inquiry form */
    get: operations["videos.form"];
    /** Replace a video's inquiry form */
    put: operations["videos.saveForm"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}/whatsapp": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video's WhatsApp button */
    get: operations["videos.whatsapp"];
    /** Replace a video's WhatsApp button */
    put: operations["videos.saveWhatsapp"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}/phone": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video's phone button */
    get: operations["videos.phone"];
    /** Replace a video's phone button */
    put: operations["videos.savePhone"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}/email": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video's email button */
    get: operations["videos.email"];
    /** Replace a video's email button */
    put: operations["videos.saveEmail"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}/call-to-action": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video's call to action */
    get: operations["videos.callToAction"];
    /** Replace a video's call to action */
    put: operations["videos.saveCallToAction"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}/seo": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a video's watch page (title, description, link name, indexing) */
    get: operations["videos.seo"];
    /** Replace a video's watch page (title, description, link name, indexing) */
    put: operations["videos.saveSeo"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/videos/{videoId}/analytics": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A video's figures over a range of days */
    get: operations["videos.analytics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/uploads": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Start uploading a video */
    post: operations["uploads.create"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/uploads/{videoId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Resume an upload */
    get: operations["uploads.get"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/uploads/{videoId}/complete": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Finish an upload */
    post: operations["uploads.complete"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List leads, newest first */
    get: operations["leads.list"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads/export": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Export leads as CSV or Excel */
    get: operations["leads.export"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads/{leadId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Get a lead */
    get: operations["leads.get"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List webhook endpoints */
    get: operations["webhooks.list"];
    put?: never;
    /** Add a webhook endpoint */
    post: operations["webhooks.create"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{webhookId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a webhook endpoint */
    delete: operations["webhooks.delete"];
    options?: never;
    head?: never;
    /** Change a webhook endpoint */
    patch: operations["webhooks.update"];
    trace?: never;
  };
}

export interface operations {
  "folders.list": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            data: ({
              folderId: string;
              name: string;
              isDefault: boolean;
              videoCount: number;
              /** seconds */
              createdAt: number;
            })[];
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "folders.create": {
    parameters: {
      query?: never;
      header?: {
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** Created. */
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            folderId: string;
            name: string;
            isDefault: boolean;
            videoCount: number;
            /** seconds */
            createdAt: number;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** A request with this Idempotency-Key is still running. */
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** This Idempotency-Key was used with a different request. */
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "folders.delete": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        folderId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** Done. */
      204: {
        headers: { [name: string]: unknown };
        content?: never;
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "folders.update": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        folderId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            folderId: string;
            name: string;
            isDefault: boolean;
            videoCount: number;
            /** seconds */
            createdAt: number;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.list": {
    parameters: {
      query?: {
        folderId?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            data: ({
              videoId: string;
              folderId: string;
              name: string;
              status: "uploading" | "uploaded" | "processing" | "ready" | "failed" | "upload_failed" | "cleared";
              uploadPercent: number;
              processPercent: number;
              translatingPercent: number | null;
              playable: boolean;
              /** bytes of the uploaded file */
              size: number;
              /** seconds */
              duration: number | null;
              width: number | null;
              height: number | null;
              /** URL of the poster image */
              cover: string | null;
              thumbnail: string | null;
              /** URL of the master playlist */
              hlsUrl: string | null;
              /** WebVTT of the scrubbing storyboard */
              storyboardUrl: string | null;
              /** animated preview */
              previewUrl: string | null;
              failReason: string | null;
              failCode: "media_not_video" | "media_no_video" | "media_too_large" | "media_too_long" | "media_damaged" | "upload_size_mismatch" | "media_failed" | null;
              sha256: string | null;
              /** seconds */
              createdAt: number;
              /** seconds */
              updatedAt: number;
            })[];
            /** pass as `cursor` for the next page; null on the last one */
            nextCursor: string | null;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.get": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            videoId: string;
            folderId: string;
            name: string;
            status: "uploading" | "uploaded" | "processing" | "ready" | "failed" | "upload_failed" | "cleared";
            uploadPercent: number;
            processPercent: number;
            translatingPercent: number | null;
            playable: boolean;
            /** bytes of the uploaded file */
            size: number;
            /** seconds */
            duration: number | null;
            width: number | null;
            height: number | null;
            /** URL of the poster image */
            cover: string | null;
            thumbnail: string | null;
            /** URL of the master playlist */
            hlsUrl: string | null;
            /** WebVTT of the scrubbing storyboard */
            storyboardUrl: string | null;
            /** animated preview */
            previewUrl: string | null;
            failReason: string | null;
            failCode: "media_not_video" | "media_no_video" | "media_too_large" | "media_too_long" | "media_damaged" | "upload_size_mismatch" | "media_failed" | null;
            sha256: string | null;
            /** seconds */
            createdAt: number;
            /** seconds */
            updatedAt: number;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.delete": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** Done. */
      204: {
        headers: { [name: string]: unknown };
        content?: never;
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.update": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          folderId?: string;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            videoId: string;
            folderId: string;
            name: string;
            status: "uploading" | "uploaded" | "processing" | "ready" | "failed" | "upload_failed" | "cleared";
            uploadPercent: number;
            processPercent: number;
            translatingPercent: number | null;
            playable: boolean;
            /** bytes of the uploaded file */
            size: number;
            /** seconds */
            duration: number | null;
            width: number | null;
            height: number | null;
            /** URL of the poster image */
            cover: string | null;
            thumbnail: string | null;
            /** URL of the master playlist */
            hlsUrl: string | null;
            /** WebVTT of the scrubbing storyboard */
            storyboardUrl: string | null;
            /** animated preview */
            previewUrl: string | null;
            failReason: string | null;
            failCode: "media_not_video" | "media_no_video" | "media_too_large" | "media_too_long" | "media_damaged" | "upload_size_mismatch" | "media_failed" | null;
            sha256: string | null;
            /** seconds */
            createdAt: number;
            /** seconds */
            updatedAt: number;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.form": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            title: string;
            description: string;
            fields: ({
              id: string;
              kind: "name" | "email" | "phone" | "company" | "country" | "message" | "text" | "textarea" | "choice" | "multi" | "checkbox";
              label: string;
              placeholder: string;
              required: boolean;
              options: (string)[];
            })[];
            submitText: string;
            submitColor: string;
            thanksMessage: string;
            redirectUrl: string;
            moment: "before" | "at" | "pause" | "end";
            second: number;
            skippable: boolean;
            oncePerViewer: boolean;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.saveForm": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          enabled: boolean;
          title: string;
          description: string;
          fields: ({
            id: string;
            kind: "name" | "email" | "phone" | "company" | "country" | "message" | "text" | "textarea" | "choice" | "multi" | "checkbox";
            label: string;
            placeholder: string;
            required: boolean;
            options: (string)[];
          })[];
          submitText: string;
          submitColor: string;
          thanksMessage: string;
          redirectUrl: string;
          moment: "before" | "at" | "pause" | "end";
          second: number;
          skippable: boolean;
          oncePerViewer: boolean;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            title: string;
            description: string;
            fields: ({
              id: string;
              kind: "name" | "email" | "phone" | "company" | "country" | "message" | "text" | "textarea" | "choice" | "multi" | "checkbox";
              label: string;
              placeholder: string;
              required: boolean;
              options: (string)[];
            })[];
            submitText: string;
            submitColor: string;
            thanksMessage: string;
            redirectUrl: string;
            moment: "before" | "at" | "pause" | "end";
            second: number;
            skippable: boolean;
            oncePerViewer: boolean;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.whatsapp": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            label: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            showFrom: number;
            showUntil: number | null;
            number: string;
            message: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.saveWhatsapp": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          enabled: boolean;
          label: string;
          position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
          showFrom: number;
          showUntil: number | null;
          number: string;
          message: string;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            label: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            showFrom: number;
            showUntil: number | null;
            number: string;
            message: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.phone": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            label: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            showFrom: number;
            showUntil: number | null;
            number: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.savePhone": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          enabled: boolean;
          label: string;
          position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
          showFrom: number;
          showUntil: number | null;
          number: string;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            label: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            showFrom: number;
            showUntil: number | null;
            number: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.email": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            label: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            showFrom: number;
            showUntil: number | null;
            address: string;
            subject: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.saveEmail": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          enabled: boolean;
          label: string;
          position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
          showFrom: number;
          showUntil: number | null;
          address: string;
          subject: string;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            label: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            showFrom: number;
            showUntil: number | null;
            address: string;
            subject: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.callToAction": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            style: "button" | "banner";
            text: string;
            link: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            timing: "during" | "end";
            showFrom: number;
            showUntil: number | null;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.saveCallToAction": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          enabled: boolean;
          style: "button" | "banner";
          text: string;
          link: string;
          position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
          timing: "during" | "end";
          showFrom: number;
          showUntil: number | null;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            enabled: boolean;
            style: "button" | "banner";
            text: string;
            link: string;
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            timing: "during" | "end";
            showFrom: number;
            showUntil: number | null;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.seo": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            title: string;
            description: string;
            keywords: (string)[];
            slug: string;
            indexable: boolean;
            sourceUrl: string;
            videoId: string;
            coverUrl: string | null;
            watchUrl: string;
            embedUrl: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.saveSeo": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          title: string;
          description: string;
          keywords: (string)[];
          slug: string;
          indexable: boolean;
          sourceUrl?: string;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            title: string;
            description: string;
            keywords: (string)[];
            slug: string;
            indexable: boolean;
            sourceUrl: string;
            videoId: string;
            coverUrl: string | null;
            watchUrl: string;
            embedUrl: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "videos.analytics": {
    parameters: {
      query: {
        from: string;
        to: string;
      };
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            totals: {
              loads: number;
              plays: number;
              uniqueViewers: number;
              watchSeconds: number;
              completions: number;
              leads: number;
              clicks: number;
              ctaClicks: number;
              averagePercent: number;
            };
            duration: number;
            engagement: {
              reached: (number)[];
              watched: (number)[];
            };
            days: ({
              day: string;
              loads: number;
              plays: number;
              watchSeconds: number;
              leads: number;
            })[];
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "uploads.create": {
    parameters: {
      query?: never;
      header?: {
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          size: number;
          folderId?: string;
        };
      };
    };
    responses: {
      /** Created. */
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            videoId: string;
            /** bytes of every part but the last */
            partSize: number;
            partCount: number;
            uploadedParts: (number)[];
            parts: ({
              partNumber: number;
              url: string;
            })[];
            /** seconds since the epoch; null when no part is left to send */
            expiresAt: number | null;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** A request with this Idempotency-Key is still running. */
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** This Idempotency-Key was used with a different request. */
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "uploads.get": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            videoId: string;
            /** bytes of every part but the last */
            partSize: number;
            partCount: number;
            uploadedParts: (number)[];
            parts: ({
              partNumber: number;
              url: string;
            })[];
            /** seconds since the epoch; null when no part is left to send */
            expiresAt: number | null;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "uploads.complete": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            videoId: string;
            folderId: string;
            name: string;
            status: "uploading" | "uploaded" | "processing" | "ready" | "failed" | "upload_failed" | "cleared";
            uploadPercent: number;
            processPercent: number;
            translatingPercent: number | null;
            playable: boolean;
            /** bytes of the uploaded file */
            size: number;
            /** seconds */
            duration: number | null;
            width: number | null;
            height: number | null;
            /** URL of the poster image */
            cover: string | null;
            thumbnail: string | null;
            /** URL of the master playlist */
            hlsUrl: string | null;
            /** WebVTT of the scrubbing storyboard */
            storyboardUrl: string | null;
            /** animated preview */
            previewUrl: string | null;
            failReason: string | null;
            failCode: "media_not_video" | "media_no_video" | "media_too_large" | "media_too_long" | "media_damaged" | "upload_size_mismatch" | "media_failed" | null;
            sha256: string | null;
            /** seconds */
            createdAt: number;
            /** seconds */
            updatedAt: number;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "leads.list": {
    parameters: {
      query?: {
        videoId?: string;
        from?: string;
        to?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            data: ({
              leadId: string;
              videoId: string | null;
              videoName: string;
              createdAt: number;
              read: boolean;
              second: number;
              pageUrl: string;
              referrer: string;
              language: string;
              siteName: string | null;
              fields: ({
                id: string;
                kind: "name" | "email" | "phone" | "company" | "country" | "message" | "text" | "textarea" | "choice" | "multi" | "checkbox";
                label: string;
              })[];
              answers: {
                [key: string]: string;
              };
            })[];
            /** pass as `cursor` for the next page; null on the last one */
            nextCursor: string | null;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "leads.export": {
    parameters: {
      query?: {
        videoId?: string;
        from?: string;
        to?: string;
        format?: "csv" | "xlsx";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** The file, as a download. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "text/csv": string;
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "leads.get": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        leadId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            leadId: string;
            videoId: string | null;
            videoName: string;
            createdAt: number;
            read: boolean;
            second: number;
            pageUrl: string;
            referrer: string;
            language: string;
            siteName: string | null;
            fields: ({
              id: string;
              kind: "name" | "email" | "phone" | "company" | "country" | "message" | "text" | "textarea" | "choice" | "multi" | "checkbox";
              label: string;
            })[];
            answers: {
              [key: string]: string;
            };
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "webhooks.list": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            data: ({
              id: string;
              url: string;
              events: ("lead.created" | "contact.clicked" | "viewing_session.ended" | "video.playable" | "video.ready")[];
              enabled: boolean;
              secretHint: string;
              createdAt: number;
            })[];
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "webhooks.create": {
    parameters: {
      query?: never;
      header?: {
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          url: string;
          events: ("lead.created" | "contact.clicked" | "viewing_session.ended" | "video.playable" | "video.ready")[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** Created. */
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            id: string;
            url: string;
            events: ("lead.created" | "contact.clicked" | "viewing_session.ended" | "video.playable" | "video.ready")[];
            enabled: boolean;
            secretHint: string;
            createdAt: number;
            secret: string;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** A request with this Idempotency-Key is still running. */
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** This Idempotency-Key was used with a different request. */
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "webhooks.delete": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** Done. */
      204: {
        headers: { [name: string]: unknown };
        content?: never;
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "webhooks.update": {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          url?: string;
          events?: ("lead.created" | "contact.clicked" | "viewing_session.ended" | "video.playable" | "video.ready")[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** OK. */
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            id: string;
            url: string;
            events: ("lead.created" | "contact.clicked" | "viewing_session.ended" | "video.playable" | "video.ready")[];
            enabled: boolean;
            secretHint: string;
            createdAt: number;
          };
        };
      };
      /** The request is not valid: `error` says why and `field` where. */
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`). */
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** The plan does not allow it (API access, a feature of the plan's period, storage). */
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Not found: it does not exist, or it is another account’s. */
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** Over the rate limit of the API key: wait the `Retry-After` seconds. */
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
}

export interface components {
  schemas: {
    Error: {
      statusCode: number;
      /** A stable code */
      error: "email_required" | "email_invalid" | "email_too_long" | "password_required" | "password_too_short" | "password_too_long" | "password_blank" | "password_mismatch" | "code_incomplete" | "scene_invalid" | "ref_invalid" | "token_required" | "id_token_required" | "language_invalid" | "folder_name_required" | "folder_name_too_long" | "illegal_input" | "unknown_field" | "invalid_body" | "unsupported_media_type" | "path_forbidden" | "login_incorrect" | "login_locked" | "code_incorrect" | "login_code_required" | "code_expired" | "code_used" | "code_attempts_exceeded" | "code_not_requested" | "code_tries_locked" | "code_resend_too_soon" | "email_registered" | "email_send_failed" | "old_password_incorrect" | "password_already_set" | "password_not_set" | "google_token_invalid" | "referrer_self" | "referrer_already_bound" | "referrer_is_referrer" | "referrer_not_found" | "referrer_loop" | "referrer_after_payment" | "affiliate_not_referrer" | "folder_invalid" | "folder_default" | "video_invalid" | "upload_type" | "upload_empty" | "upload_too_large" | "storage_limit" | "upload_state" | "upload_incomplete" | "upload_size_mismatch" | "upload_credential_invalid" | "upload_credential_expired" | "video_processing" | "upload_url_expired" | "upload_url_invalid" | "media_not_video" | "media_no_video" | "media_too_large" | "media_too_long" | "media_damaged" | "media_failed" | "video_not_retryable" | "seo_title_too_long" | "seo_description_too_long" | "seo_keyword_too_long" | "seo_keywords_too_many" | "seo_source_invalid" | "slug_invalid" | "slug_taken" | "phone_invalid" | "contact_label_too_long" | "whatsapp_message_too_long" | "email_subject_too_long" | "contact_times" | "embed_domain_invalid" | "embed_domains_too_many" | "url_invalid" | "color_invalid" | "logo_invalid" | "logo_file_invalid" | "logo_too_large" | "link_name_not_allowed" | "cover_file_invalid" | "cover_too_large" | "branding_not_allowed" | "domain_required" | "domain_invalid" | "domain_ip" | "domain_reserved" | "domain_taken" | "domain_not_found" | "domain_not_allowed" | "domains_too_many" | "domain_not_verifying" | "domain_not_verified" | "brand_name_required" | "brand_name_too_long" | "brand_not_found" | "brand_domain_required" | "brand_domain_taken" | "brands_too_many" | "brand_image_invalid" | "site_not_allowed" | "sites_too_many" | "site_brand_required" | "site_not_found" | "site_name_required" | "site_name_too_long" | "site_description_too_long" | "site_url_invalid" | "site_social_invalid" | "navigation_too_many" | "navigation_label_required" | "navigation_label_too_long" | "navigation_url_invalid" | "category_not_found" | "category_name_required" | "category_name_too_long" | "category_description_too_long" | "category_videos_too_many" | "category_videos_repeated" | "category_order_invalid" | "album_not_found" | "album_title_required" | "album_title_too_long" | "album_videos_too_many" | "album_videos_repeated" | "album_cover_invalid" | "albums_too_many" | "site_picture_too_small" | "image_too_large" | "image_file_invalid" | "image_size_failed" | "action_text_required" | "action_text_too_long" | "widget_title_too_long" | "widget_message_too_long" | "widget_channels_required" | "widget_channel_unset" | "clone_targets_required" | "clone_targets_too_many" | "clone_parts_required" | "subtitle_lang_invalid" | "subtitle_label_required" | "subtitle_label_too_long" | "subtitle_file_invalid" | "subtitle_file_too_large" | "subtitle_empty" | "subtitle_too_many_cues" | "subtitle_cue_empty" | "subtitle_cue_too_long" | "subtitle_cue_times" | "subtitle_lang_taken" | "subtitle_tracks_too_many" | "subtitle_not_found" | "speech_no_audio" | "speech_video_too_long" | "speech_lang_unsupported" | "speech_pair_unsupported" | "speech_source_missing" | "speech_video_not_ready" | "speech_targets_required" | "speech_targets_too_many" | "speech_task_not_found" | "speech_task_running" | "speech_task_not_cancelable" | "speech_task_not_retryable" | "speech_canceled" | "speech_engine_timeout" | "speech_engine_failed" | "speech_engine_busy" | "speech_engine_garbage" | "speech_nothing_heard" | "speech_worker_lost" | "dub_not_found" | "material_not_found" | "material_not_ready" | "material_wrong_kind" | "material_damaged" | "material_online_unavailable" | "material_online_failed" | "blog_not_allowed" | "blog_project_not_found" | "blog_scene_not_found" | "blog_project_stale" | "blog_source_required" | "blog_url_invalid" | "blog_url_blocked" | "blog_fetch_failed" | "blog_fetch_timeout" | "blog_page_too_large" | "blog_not_html" | "blog_no_article" | "blog_text_too_long" | "blog_text_too_short" | "blog_scenes_required" | "blog_scenes_too_many" | "blog_scene_text_too_long" | "blog_bgm_not_found" | "blog_export_running" | "blog_export_not_cancelable" | "blog_export_empty" | "blog_export_too_long" | "blog_render_failed" | "blog_canceled" | "form_field_label_required" | "form_field_label_too_long" | "form_placeholder_too_long" | "form_option_empty" | "form_option_too_long" | "form_options_too_many" | "form_options_required" | "form_title_too_long" | "form_description_too_long" | "form_fields_required" | "form_fields_too_many" | "form_submit_too_long" | "form_thanks_too_long" | "form_field_duplicate" | "form_contact_required" | "form_required" | "form_answer_too_long" | "form_choice_invalid" | "form_not_found" | "captcha_required" | "captcha_invalid" | "captcha_unavailable" | "lead_not_found" | "lead_details_paid" | "notice_email_same" | "webhook_url_invalid" | "webhook_url_too_long" | "webhook_url_credentials" | "webhook_url_blocked" | "webhook_events_required" | "webhook_event_invalid" | "webhooks_too_many" | "webhook_not_found" | "webhooks_not_allowed" | "webhook_delivery_not_found" | "api_key_name_required" | "api_key_name_too_long" | "api_keys_too_many" | "api_key_not_found" | "api_key_not_allowed" | "api_key_invalid" | "cursor_invalid" | "idempotency_key_invalid" | "idempotency_key_reused" | "idempotency_key_in_progress" | "deletion_reason_invalid" | "deletion_note_too_long" | "deletion_agreement_required" | "deletion_phrase_mismatch" | "deletion_already_requested" | "deletion_not_pending" | "deletion_in_progress" | "account_deletion_pending" | "bandwidth_limit" | "unauthorized" | "forbidden" | "plan_period" | "package_current" | "package_free" | "currency_invalid" | "billing_plan_invalid" | "credits_insufficient" | "product_invalid" | "payment_method_invalid" | "payment_method_unavailable" | "order_not_found" | "order_not_refundable" | "invoice_not_found" | "company_name_too_long" | "address_too_long" | "country_too_long" | "tax_id_too_long" | "auto_renew_unavailable" | "subscription_not_found" | "payment_failed" | "payment_canceled" | "not_found" | "oembed_format" | "rate_limited" | "payload_too_large" | "internal_error" | "service_unavailable";
      /** What went wrong, in English */
      message: string;
      /** The field at fault, when there is one */
      field?: string;
      /** What fills the `{{name}}` placeholders of the code's text, when it has any */
      values?: {
        [key: string]: string;
      };
    };
  };
}
