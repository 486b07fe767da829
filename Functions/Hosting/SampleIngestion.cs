using Cqrs.Generated;
using Microsoft.Extensions.DependencyInjection;

namespace Sample.Functions.Hosting;

/// <summary>The sample's commands that HTTP callers may send.</summary>
internal static class SampleIngestion
{
    /// <remarks>
    /// Listed here, with the domain's generated codecs, until the core exposes its registered commands by wire name;
    /// then ingestion takes them from the registry and this list goes.
    /// </remarks>
    public static IServiceCollection AddSampleIngestion(this IServiceCollection services) =>
        services.AddCommandIngestion(commands => commands
            .Command("drones.v1.request-delivery", Sample_Domain_Deliveries_RequestDeliveryCodec.Instance)
            .Command("sample.v1.open-account", Sample_Domain_Accounts_OpenAccountCodec.Instance)
            .Command("sample.v1.deposit", Sample_Domain_Accounts_DepositCodec.Instance)
            .Command("sample.v1.withdraw", Sample_Domain_Accounts_WithdrawCodec.Instance));
}
