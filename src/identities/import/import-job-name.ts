// The queue name of the import job, apart from the job so the creating route does not load the engines.
export const IMPORT_JOB = "identities.import";
