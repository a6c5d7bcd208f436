export async function seedMaintenanceDemo() {}
