/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HELP_VIDEO_STAFF_URL?: string;
}
