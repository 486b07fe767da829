using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Options;

namespace Cqrs;

/// <summary>
/// Binds the options from the section passed to <c>AddCqrs</c>, or else from the <c>Cqrs</c> section of the
/// container's configuration, when there is one.
/// </summary>
internal sealed class CqrsConfigurationBinding(CqrsBuilder builder, IConfiguration? configuration) : IConfigureOptions<CqrsOptions>
{
    public void Configure(CqrsOptions options)
    {
        var section = builder.Configuration ?? configuration?.GetSection(CqrsOptions.SectionName);
        if (section is not null)
        {
            Bind(section, options);
        }
    }

    public static void Bind(IConfiguration section, CqrsOptions options)
    {
        // The binder appends a list's items to those it already holds: a list in configuration replaces the one set before.
        if (IsSet(section, nameof(CqrsOptions.Retry), nameof(RetryOptions.Delays)))
        {
            options.Retry.Delays = [];
        }

        if (IsSet(section, nameof(CqrsOptions.Receive), nameof(ReceiveOptions.Handlers)))
        {
            options.Receive.Handlers = [];
        }

        if (IsSet(section, nameof(CqrsOptions.Receive), nameof(ReceiveOptions.ExceptHandlers)))
        {
            options.Receive.ExceptHandlers = [];
        }

        section.Bind(options);
    }

    private static bool IsSet(IConfiguration section, string options, string list) => section.GetSection($"{options}:{list}").GetChildren().Any();
}
