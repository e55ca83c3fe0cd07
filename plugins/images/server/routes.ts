/**
 * The image calls: the library (spec 000 section 7: /images/list, /images/create, edit
 * credentials, delete) and the rich-text editor's upload (spec 002 section 7: /editor/image/upload).
 */
import { ownTables } from '../../../core/server/db/database';
import type { ImageUpdateBody } from '../../../schemas/generated/api/image-update';
import updateSchema from '../../../schemas/api/image-update.schema.json';
import { constants } from '../../../core/shared/config';
import { createAjv, detailsOf } from '../../../core/shared/validation';
import { HttpError, invalid, invalidDetails, notFound } from '../../../core/server/errors';
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import type { PluginApi } from '../../../core/server/plugins/contract';
import type { Storage } from '../../../core/server/services/storage';
import { readUpload, type UploadRule } from '../../../core/server/uploads';
import { imageEndpoints } from '../endpoints';
import { sizeMessage, typeMessage } from '../rules';
import { ImageTooLarge, tooLargeMessage } from './decoding';
import { assertMayChangeImage } from './policy';
import { presentImage } from './present';
import { deleteImage, findImage, insertImage, listImages, updateCredentials, type Credentials, type ImagesDb } from './store';
import { removeImageFiles, storeImage, UnreadableImage } from './variants';

const imageRule = (field: string): UploadRule => ({
  field,
  maxBytes: constants.limits.imageMaxBytes,
  types: constants.limits.imageTypes,
  typeMessage,
  sizeMessage,
});

// The text fields of a multipart upload get the same rules (and Turkish alt message) as the edit form.
const validateCredentials = detailsOf<ImageUpdateBody>(createAjv().compile(updateSchema));

function credentialsOf(fields: Record<string, unknown>): Credentials {
  const result = validateCredentials({ alt: fields.alt ?? '', source: fields.source ?? '', caption: fields.caption ?? '' });
  // One message per field: an empty alt breaks both minLength and pattern.
  if (!result.ok) throw invalidDetails(result.details.filter((detail, index, all) => all.findIndex((other) => other.path === detail.path) === index));
  return { alt: result.value.alt.trim(), source: (result.value.source ?? '').trim(), caption: (result.value.caption ?? '').trim() };
}

export function registerImageRoutes(api: PluginApi): void {
  const library = imageLibrary(ownTables(api.db, 'images'), api.storage);
  registerLibraryRoutes(api, library);
  registerImageEditing(api, library);
  registerEditorUpload(api, library);
}

/** The library's list, and uploading an image to it. */
function registerLibraryRoutes(api: PluginApi, library: ImageLibrary): void {
  const { db } = library;

  api.serve(imageEndpoints.list, {
    requires: 'images.list',
    summary: "The publisher's images, newest first; uploader limits them to one user's ('Filter by Uploader').",
    async handler(request, _reply, session) {
      if (!session.publisherId) return { data: [], count: 0 };
      const { page = 0, limit = constants.pageSizes.images, desc = true, uploader } = request.query;
      const { rows, count } = await listImages(db, { publisherId: session.publisherId, uploaderId: uploader || undefined, limit, offset: page * limit, desc });
      return { data: rows.map(library.present), count };
    },
  });

  api.serve(imageEndpoints.create, {
    requires: 'images.create',
    summary:
      "Uploads an image (multipart: image, source, caption, alt, uploader, publisher). JPG, PNG or GIF by content, at most 5 MB and constants.limits.imageMaxPixels; alt text required. The uploader is the caller, the publisher the caller's.",
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const upload = await readUpload(request, imageRule('image'));
      // The form names a publisher; it can only be the caller's own (another one's is not revealed).
      if (upload.fields.publisher && upload.fields.publisher !== publisherId) throw notFound('Publisher not found.');
      const credentials = credentialsOf(upload.fields);
      return { data: await library.add(session, publisherId, upload, credentials, 'image'), msg: 'Image is uploaded.' };
    },
  });
}

/** An image's credentials form, saving them, and deleting the image. */
function registerImageEditing(api: PluginApi, library: ImageLibrary): void {
  const { db, storage } = library;

  api.serve(imageEndpoints.form, {
    requires: 'images.create',
    summary: 'The Edit Credentials form: data.body is the image.',
    async handler(request, _reply, session) {
      const image = await library.changeable(session, request.params.id);
      return { data: { body: library.present(image), data: {} } };
    },
  });

  api.serve(imageEndpoints.save, {
    requires: 'images.create',
    summary: "Saves an image's credentials (alt, source, caption); its uploader, or images.manage.",
    async handler(request, _reply, session) {
      const image = await library.changeable(session, request.params.id);
      await updateCredentials(db, image.id, credentialsOf(request.body as unknown as Record<string, unknown>));
      return { data: library.present((await findImage(db, image.publisher_id, image.id))!), msg: 'Image is updated.' };
    },
  });

  api.serve(imageEndpoints.remove, {
    requires: 'images.create',
    summary: 'Deletes an image and its files; its uploader, or images.manage.',
    async handler(request, _reply, session) {
      const image = await library.changeable(session, request.params.id);
      await deleteImage(db, image.id);
      await removeImageFiles(storage, { pathKey: image.path_key, smallKey: image.small_key, mediumKey: image.medium_key }).catch((error: unknown) => {
        api.log.warn({ err: error, image: image.id }, 'image files could not be removed');
      });
      return { data: { _id: image.id }, msg: 'Image is deleted.' };
    },
  });
}

/** The rich-text editor's upload, which joins the library. */
function registerEditorUpload(api: PluginApi, library: ImageLibrary): void {
  api.serve(imageEndpoints.editorUpload, {
    requires: 'images.create',
    summary:
      "The rich-text editor's image upload (field upload; jpeg, jpg, png or gif, at most 5242880 bytes and constants.limits.imageMaxPixels). Answers CKEditor's simple-upload shape: url and urls by width; the image joins the library.",
    async handler(request, _reply, session) {
      try {
        const publisherId = callerPublisher(session);
        const upload = await readUpload(request, imageRule('upload'));
        const image = await library.add(session, publisherId, upload, { alt: '', source: '', caption: '' }, 'upload');
        const { small, medium } = constants.limits.imageVariants;
        return { url: image.path, urls: { default: image.path, [small]: image.sizes.small, [medium]: image.sizes.medium }, data: image };
      } catch (error) {
        // CKEditor's upload adapter shows `error.message` and ignores the status.
        if (error instanceof HttpError) {
          const message = error.body.details?.[0]?.message ?? error.body.msg ?? 'Error!';
          throw new HttpError(error.statusCode, { ...error.body, error: { message } });
        }
        throw error;
      }
    },
  });
}

/** The caller's image library: images as answered, adding an upload, and an image the caller may change. */
function imageLibrary(db: ImagesDb, storage: Storage) {
  const library = {
    db,
    storage,
    present: (row: Parameters<typeof presentImage>[0]) => presentImage(row, storage),

    /** Stores an upload's file with its variants and adds it to the caller's library. */
    async add(session: Session, publisherId: string, upload: { buffer: Buffer; mime: string }, credentials: Credentials, field: string) {
      let stored;
      try {
        stored = await storeImage(storage, upload.buffer, upload.mime);
      } catch (error) {
        // The first bytes said image, but sharp cannot read it: as good as not an image.
        if (error instanceof UnreadableImage) throw invalid(typeMessage, field);
        if (error instanceof ImageTooLarge) throw invalid(tooLargeMessage, field);
        throw error;
      }
      const id = await insertImage(db, { publisherId, uploaderId: session.user.id, stored, credentials });
      return library.present((await findImage(db, publisherId, id))!);
    },

    async changeable(session: Session, id: string) {
      const image = await findImage(db, callerPublisher(session), id);
      if (!image) throw notFound('Image not found.');
      assertMayChangeImage(session, image);
      return image;
    },
  };
  return library;
}

type ImageLibrary = ReturnType<typeof imageLibrary>;
