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
        // The binder appends a list's items to those it already holds: configured delays replace the defaults instead.
        if (section.GetSection($"{nameof(CqrsOptions.Retry)}:{nameof(RetryOptions.Delays)}").GetChildren().Any())
        {
            options.Retry.Delays = [];
        }

        section.Bind(options);
    }
}
