using Cqrs;
using Cqrs.Functions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers HTTP command ingestion.</summary>
public static class CommandIngestionServiceCollectionExtensions
{
    /// <summary>
    /// Adds <see cref="CommandIngestion"/> for the commands <paramref name="accept"/> names; its limits are bound from
    /// <see cref="CommandIngestionOptions.SectionName"/>. Call <c>AddCqrs</c> too: ingestion sends through its <see cref="ICommandBus"/>.
    /// </summary>
    public static IServiceCollection AddCommandIngestion(this IServiceCollection services, Action<CommandIngestionBuilder> accept)
    {
        ArgumentNullException.ThrowIfNull(accept);
        var builder = new CommandIngestionBuilder();
        accept(builder);
        services.AddOptions<CommandIngestionOptions>()
            .BindConfiguration(CommandIngestionOptions.SectionName)
            .Validate(options => options.MaxBodyBytes > 0, $"{nameof(CommandIngestionOptions.MaxBodyBytes)} must be positive.")
            .ValidateOnStart();
        services.AddSingleton(provider => new CommandIngestion(
            provider.GetRequiredService<ICommandBus>(),
            builder.Commands,
            provider.GetRequiredService<IOptions<CommandIngestionOptions>>().Value));
        return services;
    }
}
