package kb.query.http;

import io.javalin.http.Context;
import io.javalin.http.UploadedFile;
import kb.query.api.SavedFiles;
import kb.query.documents.DocumentFiles;
import kb.query.errors.BadRequestException;

/**
 * An upload's multipart form, read at the edge.
 *
 * @param untilSearchable {@code wait=true}: answer only once the file is searchable
 */
record UploadForm(SavedFiles.Upload upload, boolean untilSearchable) {

    static UploadForm read(Context ctx) {
        UploadedFile file = multipartFile(ctx);
        boolean wait = flag(ctx, "wait");
        return new UploadForm(
                new SavedFiles.Upload(
                        ctx.formParam("collection"),
                        ctx.formParam("category"),
                        file.filename(),
                        file.size(),
                        file.content(),
                        flag(ctx, "overwrite")),
                wait);
    }

    /**
     * {@code overwrite=true} (replace a file of that name) or {@code wait=true} (answer once searchable), as a form
     * field or a query parameter; anything but true or false is the caller's error.
     */
    private static boolean flag(Context ctx, String name) {
        String field = ctx.formParam(name);
        String value = field != null ? field : ctx.queryParam(name);
        if (value == null || value.isBlank() || "false".equalsIgnoreCase(value.strip())) {
            return false;
        }
        if ("true".equalsIgnoreCase(value.strip())) {
            return true;
        }
        throw new BadRequestException(name + " must be true or false");
    }

    /** The {@code file} part; a body Jetty cannot parse (bad boundary, CR in a header) is the client's error. */
    private static UploadedFile multipartFile(Context ctx) {
        UploadedFile file;
        try {
            file = ctx.uploadedFile("file");
        } catch (Exception e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("exceeds max")) {
                throw new DocumentFiles.InvalidUpload(413, "file is over the upload size cap");
            }
            throw new BadRequestException("malformed multipart body: " + message);
        }
        if (file == null) {
            throw new BadRequestException("multipart field 'file' is required");
        }
        return file;
    }
}
