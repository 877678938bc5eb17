// Where the console lives on the service: the web app at /console/, its API under /console/api.
export const CONSOLE_PATH = "/console";
export const CONSOLE_API_PREFIX = `${CONSOLE_PATH}/api`;
