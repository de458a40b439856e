/** What every page receives from the route table (routes.tsx): its heading, which is also the document title. */
export type PageProps = { title: string };
