import { useMutation } from "@tanstack/react-query";
import { uploadAnswer } from "#contract/answers";
import { maxUploadBytes, type UploadResponse, uploadField } from "#contract/uploads";
import { ApiError, serverMessage } from "../api";

export type UploadedPhoto = UploadResponse["data"];

/** The server's own words for a file over the limit (server/uploads/routes.ts), said before sending it. */
export const tooLargeMessage = `The photo is larger than ${maxUploadBytes / 1024 / 1024} MB`;

const unreachable = "We could not reach the shop to upload the photo. Check your connection and try again.";
const unexpected = "The shop sent an answer we could not read. Please try again.";

function fallbackMessage(status: number): string {
  if (status === 401) return "Please sign in first.";
  if (status === 413) return tooLargeMessage;
  if (status === 415) return "That file is not a photo we accept: use JPEG, PNG, WebP, GIF or AVIF";
  if (status >= 500) return "Something went wrong on our side. Please try again.";
  return `The upload failed (${status}).`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type UploadOptions = {
  /** Called as the bytes leave the browser, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /api/upload` (signed in): the photo in the multipart field `image`; resolves with its URLs
 * on our own server, or throws an ApiError with the server's reason (too large, not a photo...).
 * XMLHttpRequest, not fetch: only it reports upload progress.
 */
export function uploadPhoto(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedPhoto> {
  if (file.size > maxUploadBytes) return Promise.reject(new ApiError(413, tooLargeMessage));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const done = () => signal?.removeEventListener("abort", abort);

    xhr.open("POST", "/api/upload");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const uploaded = uploadAnswer.safeParse(body);
        if (uploaded.success) resolve(uploaded.data.data);
        else reject(new ApiError(xhr.status, unexpected));
        return;
      }
      reject(new ApiError(xhr.status, serverMessage(body) ?? fallbackMessage(xhr.status)));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, unreachable));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };

    const form = new FormData();
    form.append(uploadField, file, file.name);
    xhr.send(form);
  });
}

export type UploadVariables = { file: File } & UploadOptions;

/** Uploads one photo; the caller follows its progress through `onProgress`. */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: ({ file, ...options }: UploadVariables) => uploadPhoto(file, options),
  });
}
